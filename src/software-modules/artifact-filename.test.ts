import { describe, expect, it } from 'vitest';
import type { DomainError } from '../errors.js';
import { ErrorCode } from '../errors.js';
import { assertArtifactFilename } from './artifact-filename.js';

const codeOf = (name: string) => {
  try {
    assertArtifactFilename(name);
    return undefined;
  } catch (error) {
    return (error as DomainError).code;
  }
};

describe('assertArtifactFilename', () => {
  it('takes names a device can fetch as one path segment, non-ASCII included', () => {
    for (const name of ['firmware.swu', 'prüfung-ü€.bin', '..hidden', 'a..b', 'x'.repeat(256)]) expect(codeOf(name)).toBeUndefined();
  });

  it('refuses empty names, dot segments, separators, control characters and lone surrogates', () => {
    for (const name of ['', '.', '..', '../etc/passwd', 'dir\\file.bin', 'nul\u0000.bin', 'line\u0001.bin', 'c1\u0085.bin', 'bad-\ud800']) {
      expect(codeOf(name), JSON.stringify(name)).toBe(ErrorCode.bodyNotReadable);
    }
  });

  it('refuses more than 256 characters, counted in code points', () => {
    expect(codeOf('😀'.repeat(256))).toBeUndefined();
    expect(codeOf('x'.repeat(257))).toBe(ErrorCode.constraintViolation);
  });
});
