import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../src/errors.js';
import { errorStatus } from '../src/http/error-status.js';

/** The README's "Errors" table: one row per error code, `| \`code\` | status | when |`. */
async function readmeErrorRows(): Promise<Array<{ code: string; status: number; when: string }>> {
  const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
  const section = readme.slice(readme.indexOf('\n## Errors\n'), readme.indexOf('\n## What protects each surface\n'));
  return [...section.matchAll(/^\| `(hawkbit\.[^`]+)` \| (\d{3}) \| (.+) \|$/gm)].map(([, code, status, when]) => ({
    code: code as string,
    status: Number(status),
    when: (when as string).trim(),
  }));
}

describe('the README errors table', () => {
  it('lists every error code of src/errors.ts once, with the status src/http/error-status.ts answers and when', async () => {
    const rows = await readmeErrorRows();
    expect(rows.map((row) => row.code).sort()).toEqual(Object.values(ErrorCode).sort());
    for (const row of rows) {
      expect(row.status, row.code).toBe(errorStatus[row.code as ErrorCode].status);
      expect(row.when, row.code).not.toBe('');
    }
  });
});
