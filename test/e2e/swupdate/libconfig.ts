/**
 * A libconfig string literal (the syntax of `sw-description` and `swupdate.cfg`). libconfig knows only
 * a few escapes, so control characters are refused rather than written in a form it would misread.
 */
export function libconfigString(value: string): string {
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(value)) throw new Error(`control character in libconfig string ${JSON.stringify(value)}`);
  return `"${value.replace(/[\\"]/g, (char) => `\\${char}`)}"`;
}

/** A libconfig integer setting's value, checked so that a bad value fails here, not as a puzzling swupdate run. */
export function libconfigInteger(name: string, value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got ${value}`);
  return String(value);
}
