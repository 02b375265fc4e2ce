import type { Link } from './links.js';

/**
 * hawkBit's compact form of a list entry (`representation=compact`, decision 72): the `self` link alone.
 * Without the parameter, and with `full`, entries keep all their links.
 */
export function compactLinks<T extends { readonly _links: Readonly<Record<string, Link>> }>(json: T, representation: unknown): T {
  if (representation !== 'compact') return json;
  const { self } = json._links;
  return { ...json, _links: self ? { self } : {} };
}
