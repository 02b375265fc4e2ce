import { readFile } from 'node:fs/promises';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { API_DOCUMENTS, generateTypes, generatedTypesFile } from '../scripts/openapi-types.js';
import { operationHandlers } from '../src/app.js';
import { SETTINGS } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { ErrorCode } from '../src/errors.js';
import { loadApiOperations } from '../src/http/api-operations.js';
import { errorStatus } from '../src/http/error-status.js';
import { combineHandlers, handlerInventory } from '../src/http/routes.js';
import { createServices } from '../src/services.js';
import { createArtifactStore } from '../src/storage/artifact-store.js';
import { testConfig } from './support/test-app.js';

describe('registries stay honest', () => {
  it('gives every operation of both documents exactly one handler, and no handler without one', async () => {
    const operations = (await Promise.all(API_DOCUMENTS.map((name) => loadApiOperations(name)))).flat();
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const db = openDatabase('sqlite::memory:');
    try {
      const config = testConfig();
      expect(
        handlerInventory(
          operations,
          operationHandlers(config, createServices(config, db, Date.now, pino({ level: 'silent' }), createArtifactStore(config.artifactDir as string))),
        ),
      ).toEqual({
        unhandled: [],
        orphaned: [],
      });
    } finally {
      await db.destroy();
    }
  });

  it('refuses two handlers for one operation', () => {
    const handler = () => new Response();
    expect(() => combineHandlers({ getHealth: handler }, { getHealth: handler })).toThrow(/getHealth has two handlers/);
  });

  it('maps every error code to an error status and an exception class', () => {
    expect(Object.keys(errorStatus).sort()).toEqual(Object.values(ErrorCode).sort());
    for (const { status, exceptionClass } of Object.values(errorStatus)) {
      expect(status).toBeGreaterThanOrEqual(400);
      expect(exceptionClass).not.toBe('');
    }
  });

  it.each(API_DOCUMENTS)('keeps src/generated/%s.ts in step with openapi/ (run npm run generate:types)', async (name) => {
    expect(await readFile(generatedTypesFile(name), 'utf8')).toBe(await generateTypes(name));
  });
});

describe('documentation stays honest', () => {
  it('lists every configuration key in the README', async () => {
    const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
    const missing = SETTINGS.map((setting) => setting.key)
      .map((key) => (key.includes('.') ? `\`[${key.split('.')[0]}] ${key.split('.')[1]}\`` : `\`${key}\``))
      .filter((cell) => !readme.includes(`| ${cell} |`));
    expect(missing).toEqual([]);
  });
});
