/** Bytes `start` to `end` (inclusive) of a file. */
export interface ByteRange {
  readonly start: number;
  readonly end: number;
}

/**
 * The most byte-range-specs one `Range` may hold (Apache httpd's MaxRanges default): SWUpdate's delta
 * handler asks for at most 150 by default; more is refused, as RFC 7233 §6.1 allows (decision 211).
 */
export const MAX_RANGES = 200;

/** hawkBit's boundary (`FileStreamingUtil`), so that a multipart answer is byte for byte hawkBit's. */
const BOUNDARY = 'THIS_STRING_SEPARATES_MULTIPART';
export const MULTIPART_BYTERANGES = `multipart/byteranges; boundary=${BOUNDARY}`;

/**
 * What a `Range` of several byte-range-specs asks for: the parts to send, in the order asked (RFC 7233
 * §4.1), 'whole' when it is no valid byte range set (RFC 9110 §14.2 lets a server ignore it), or why it is
 * refused with 416. A spec starting past the end is dropped; when one satisfiable spec remains, it is a
 * single range. Overlapping specs are refused, as hawkBit's `FileStreamingUtil.Range.of` does.
 */
export type RangeSet = readonly ByteRange[] | 'whole' | { readonly refused: string };

export function parseRangeSet(header: string, size: number): RangeSet {
  const match = /^bytes=(.*)$/is.exec(header);
  if (!match) return 'whole';
  // RFC 9110 §5.6.1: a list may have empty elements and whitespace around its commas.
  const specs = (match[1] as string).split(',').map((spec) => spec.trim());
  const nonEmpty = specs.filter((spec) => spec !== '');
  if (nonEmpty.length > MAX_RANGES) return { refused: `${nonEmpty.length} ranges; at most ${MAX_RANGES} are served in one request` };
  const parts: ByteRange[] = [];
  for (const spec of nonEmpty) {
    const bounds = /^(\d*)-(\d*)$/.exec(spec);
    if (!bounds || (bounds[1] === '' && bounds[2] === '')) return 'whole';
    const [, first = '', last = ''] = bounds;
    if (first === '') {
      const suffix = Number(last);
      if (suffix > 0 && size > 0) parts.push({ start: Math.max(0, size - suffix), end: size - 1 });
      continue;
    }
    const start = Number(first);
    const end = last === '' ? size - 1 : Number(last);
    if (end < start && last !== '') return 'whole';
    if (start < size) parts.push({ start, end: Math.min(end, size - 1) });
  }
  if (parts.length === 0) return { refused: `none of the ranges selects any of the ${size} bytes` };
  const ascending = [...parts].sort((a, b) => a.start - b.start);
  for (let index = 1; index < ascending.length; index++) {
    if ((ascending[index] as ByteRange).start <= (ascending[index - 1] as ByteRange).end) return { refused: 'the ranges overlap' };
  }
  return parts;
}

/**
 * The multipart/byteranges body of `parts` (RFC 7233 §4.1, framed as RFC 2046 §5.1 and as hawkBit writes
 * it: no preamble or epilogue, each part with its Content-Type and Content-Range): each part's head, its
 * bytes from `read`, and the close delimiter.
 */
export async function* multipartChunks(
  parts: readonly ByteRange[],
  size: number,
  read: (part: ByteRange) => AsyncIterable<Uint8Array>,
): AsyncGenerator<Uint8Array> {
  for (const [index, part] of parts.entries()) {
    yield Buffer.from(partHead(part, size, index));
    yield* read(part);
  }
  yield Buffer.from(CLOSE_DELIMITER);
}

/** The length of {@link multipartChunks}' body, for its Content-Length. */
export function multipartLength(parts: readonly ByteRange[], size: number): number {
  return parts.reduce((total, part, index) => total + Buffer.byteLength(partHead(part, size, index)) + part.end - part.start + 1, CLOSE_DELIMITER.length);
}

const CLOSE_DELIMITER = `\r\n--${BOUNDARY}--`;

function partHead({ start, end }: ByteRange, size: number, index: number): string {
  const delimiter = index === 0 ? `--${BOUNDARY}` : `\r\n--${BOUNDARY}`;
  return `${delimiter}\r\nContent-Type: application/octet-stream\r\nContent-Range: bytes ${start}-${end}/${size}\r\n\r\n`;
}
