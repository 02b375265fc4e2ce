import argon2 from 'argon2';

/** The cost parameters in the order libargon2 writes them (`m=…,t=…,p=…`), which its own parser requires. */
const LIBARGON2_ORDER = ['m', 't', 'p'] as const;

/**
 * A PHC string with its parameters in libargon2's order. The argon2 npm package writes them sorted
 * (`m=65536,p=4,t=3`) and reads either order back, but the reference implementation's decoder (libargon2,
 * behind the `argon2` command and the bindings built on it) reads only `m`, `t`, `p` in that order. Anything
 * that is not an argon2 PHC string with exactly those three parameters is returned unchanged.
 */
export function canonicalArgon2Phc(hash: string): string {
  const fields = hash.split('$');
  const parameters = fields[3];
  if (fields.length !== 6 || !fields[1]?.startsWith('argon2') || parameters === undefined) return hash;
  const values = new Map(parameters.split(',').map((pair) => pair.split('=', 2) as [string, string]));
  if (values.size !== LIBARGON2_ORDER.length || !LIBARGON2_ORDER.every((name) => values.has(name))) return hash;
  fields[3] = LIBARGON2_ORDER.map((name) => `${name}=${values.get(name) as string}`).join(',');
  return fields.join('$');
}

/** An argon2id hash of `password` for `[mgmt] password_hash`, as libargon2 writes it. */
export async function hashPassword(password: string): Promise<string> {
  return canonicalArgon2Phc(await argon2.hash(password, { type: argon2.argon2id }));
}
