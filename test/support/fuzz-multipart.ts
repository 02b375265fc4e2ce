/** Spoiled artifact uploads: hawkBit's multipart form with one part or its framing wrong. */
import fc from 'fast-check';
import { ARTIFACT_BYTES } from '../../contract-tests/dredd-world.js';
import type { Draft, Spoil } from './fuzz-spoilers.js';

interface Part {
  readonly name: string;
  readonly filename?: string;
  readonly content: string;
}

const BOUNDARY = 'fuzz-boundary';
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

function multipart(parts: readonly Part[]): string {
  const lines = parts.flatMap(({ name, filename, content }) => [
    `--${BOUNDARY}`,
    `Content-Disposition: form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}`,
    ...(filename === undefined ? [] : ['Content-Type: application/octet-stream']),
    '',
    content,
  ]);
  return [...lines, `--${BOUNDARY}--`, ''].join('\r\n');
}

const upload = (body: string, what: string, contentType = MULTIPART): Spoil => ({
  what,
  edit: (draft: Draft) => ({ ...draft, headers: { ...draft.headers, 'content-type': contentType }, body }),
});

/** Each way to spoil the upload whose valid form is `base`. */
export function multipartSpoils(base: { readonly raw: string }): fc.Arbitrary<Spoil>[] {
  const filename = /filename="([^"]+)"/.exec(base.raw)?.[1] ?? 'fuzz.bin';
  const file: Part = { name: 'file', filename, content: ARTIFACT_BYTES };
  const valid = multipart([file]);
  const field = (name: string, content: string) => multipart([{ name, content }, file]);
  return [
    fc
      .constantFrom(
        'text/plain',
        'application/json',
        'application/octet-stream',
        'multipart/form-data',
        'multipart/form-data; boundary=other',
        `multipart/mixed; boundary=${BOUNDARY}`,
      )
      .map((type) => upload(valid, `content-type ${type} for a multipart form`, type)),
    fc.constant(upload('{"file": "x"}', 'a JSON body', 'application/json')),
    fc.constant(upload(multipart([{ name: 'filename', content: filename }]), 'no file part')),
    fc.constant(upload(multipart([{ ...file, name: 'upload' }]), 'the file in a part named upload')),
    fc.constantFrom('..', '.', '../escape.bin', 'x\u0000y.bin').map((name) => upload(field('filename', name), `filename field ${JSON.stringify(name)}`)),
    fc.constantFrom('..', '.', 'x\u0000y.bin').map((name) => upload(multipart([{ ...file, filename: name }]), `part filename ${JSON.stringify(name)}`)),
    fc
      .constantFrom(['md5sum', 'f'.repeat(32)], ['sha1sum', 'f'.repeat(40)], ['sha256sum', 'f'.repeat(64)], ['md5sum', 'not-hex'], ['sha256sum', '\u0000'])
      .map(([name, value]) => upload(field(name, value), `${name} ${JSON.stringify(value)}, not the file's`)),
    fc.integer({ min: 1, max: valid.length - 10 }).map((end) => upload(valid.slice(0, end), `the form cut after ${end} characters`)),
  ];
}
