import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from './support/databases.js';
import { basicAuth } from './support/test-app.js';
import { capturingLogger } from './support/test-server.js';
import { createModule } from './support/software-module-api.js';
import { useTestApp } from './support/use-test-app.js';

describe.each(DATABASE_KINDS)('operator changes in the log, on %s', (kind) => {
  const capture = capturingLogger();
  const t = useTestApp(kind, {}, { logger: capture.logger });
  const changes = () => capture.lines().filter((line) => line.msg === 'operator change');

  it('writes one info line per audited change, naming the operation, the operator and the entities, and none for a read', async () => {
    const json = { authorization: basicAuth(), 'content-type': 'application/json' };
    const { id } = await createModule(t, { name: 'os', version: '1', type: 'os' });
    expect((await t.request(`/rest/v1/softwaremodules/${id}`, { headers: json })).status).toBe(200);
    expect((await t.request(`/rest/v1/softwaremodules/${id}`, { method: 'PUT', headers: json, body: JSON.stringify({ description: 'x' }) })).status).toBe(200);
    // refused: no change, no line
    expect((await t.request('/rest/v1/softwaremodules/999999', { method: 'DELETE', headers: json })).status).toBe(404);

    expect(changes().map((line) => ({ level: line.level, change: line['change'], reqId: typeof line['reqId'] }))).toEqual([
      {
        level: 30,
        change: { operation: 'createSoftwareModules', actor: 'admin', entityType: 'softwaremodules', entityIds: [String(id)], status: 201 },
        reqId: 'string',
      },
      {
        level: 30,
        change: { operation: 'updateSoftwareModule', actor: 'admin', entityType: 'softwaremodules', entityIds: [String(id)], status: 200 },
        reqId: 'string',
      },
    ]);
  });
});
