import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../src/errors.js';
import { errorStatus } from '../src/http/error-status.js';

/** docs/errors.md's table: one row per error code, `| \`code\` | status | when |`. */
async function readmeErrorRows(): Promise<Array<{ code: string; status: number; when: string }>> {
  const section = await readFile(new URL('../docs/errors.md', import.meta.url), 'utf8');
  return [...section.matchAll(/^\| `(hawkbit\.[^`]+)` \| (\d{3}) \| (.+) \|$/gm)].map(([, code, status, when]) => ({
    code: code as string,
    status: Number(status),
    when: (when as string).trim(),
  }));
}

describe('the errors table of docs/errors.md', () => {
  it('lists every error code of src/errors.ts once, with the status src/http/error-status.ts answers and when', async () => {
    const rows = await readmeErrorRows();
    expect(rows.map((row) => row.code).sort()).toEqual(Object.values(ErrorCode).sort());
    for (const row of rows) {
      expect(row.status, row.code).toBe(errorStatus[row.code as ErrorCode].status);
      expect(row.when, row.code).not.toBe('');
    }
  });
});
