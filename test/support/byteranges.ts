import { createHash } from 'node:crypto';

/**
 * One part of a multipart/byteranges body: its header fields (names in lower case), its length and the
 * SHA-256 of its bytes (a deep comparison of megabytes byte by byte would take the test seconds).
 */
export interface BodyPart {
  readonly headers: Readonly<Record<string, string>>;
  readonly length: number;
  readonly sha256: string;
}

const summary = (headers: Record<string, string>, bytes: Buffer): BodyPart => ({
  headers,
  length: bytes.length,
  sha256: createHash('sha256').update(bytes).digest('hex'),
});

/**
 * Splits a multipart/byteranges body (RFC 2046 §5.1 without preamble or epilogue) by the boundary that
 * `contentType` names; throws when the framing is not exactly that.
 */
export function byteRangeParts(contentType: string | null | undefined, body: Buffer): BodyPart[] {
  const boundary = /^multipart\/byteranges; boundary=(\S+)$/.exec(contentType ?? '')?.[1];
  if (boundary === undefined) throw new Error(`not multipart/byteranges: ${contentType}`);
  const text = body.toString('latin1');
  const open = `--${boundary}\r\n`;
  const close = `\r\n--${boundary}--`;
  if (!text.startsWith(open) || !text.endsWith(close)) throw new Error('the body is not framed by the boundary');
  return text
    .slice(open.length, -close.length)
    .split(`\r\n--${boundary}\r\n`)
    .map((part) => {
      const blank = part.indexOf('\r\n\r\n');
      if (blank < 0) throw new Error('a part has no blank line after its headers');
      const headers = Object.fromEntries(
        part
          .slice(0, blank)
          .split('\r\n')
          .map((line) => {
            const colon = line.indexOf(':');
            return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
          }),
      );
      return summary(headers, Buffer.from(part.slice(blank + 4), 'latin1'));
    });
}

/** The parts `bytes` should give for the inclusive `ranges` of a file of `size` bytes, as {@link byteRangeParts} reads them. */
export function expectedParts(bytes: Buffer, ranges: ReadonlyArray<readonly [number, number]>): BodyPart[] {
  return ranges.map(([start, end]) =>
    summary({ 'content-type': 'application/octet-stream', 'content-range': `bytes ${start}-${end}/${bytes.length}` }, bytes.subarray(start, end + 1)),
  );
}

/** A Range header of `count` disjoint one-byte ranges. */
export const manyRanges = (count: number) => `bytes=${Array.from({ length: count }, (_, index) => `${index * 2}-${index * 2}`).join(',')}`;
