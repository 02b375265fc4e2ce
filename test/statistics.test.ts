import { beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from './support/databases.js';
import { createSet } from './support/deployment-fixtures.js';
import { AUTH, createTargets, getJson, patchTarget, targetIdOf } from './support/target-fixtures.js';
import { useTestApp } from './support/use-test-app.js';
import { expectError } from './support/expect-error.js';

const AUDIT = { created_at: 1, created_by: 'fixture', last_modified_at: 1, last_modified_by: 'fixture' };

describe.each(DATABASE_KINDS)('fleet statistics on %s', (kind) => {
  const t = useTestApp(kind);
  beforeAll(async () => {
    await createTargets(t, [{ controllerId: 'eu-1' }, { controllerId: 'eu-2' }, { controllerId: 'us-1' }, { controllerId: 'us-2' }]);
    await patchTarget(t.db, 'eu-2', { update_status: 'pending' });
    await patchTarget(t.db, 'us-1', { update_status: 'in_sync' });
    await patchTarget(t.db, 'us-2', { update_status: 'error' });
    const setId = await createSet(t);
    const action = (controllerId: string, active: boolean) =>
      targetIdOf(t.db, controllerId).then((target_id) =>
        t.db('actions').insert({ target_id, distribution_set_id: setId, active, status: active ? 'running' : 'finished', action_type: 'forced', ...AUDIT }),
      );
    await action('eu-2', true);
    await action('us-1', false);
  });

  it('counts the fleet', async () => {
    expect(await getJson(t, '/rest/v1/system/statistics')).toEqual({
      totalTargets: 4,
      targetsByStatus: { unknown: 1, registered: 0, pending: 1, in_sync: 1, error: 1 },
      totalDistributionSets: 1,
      totalSoftwareModules: 1,
      totalActions: 2,
      activeActions: 1,
      totalRollouts: 0,
    });
  });

  it('narrows only the target counters with q', async () => {
    expect(await getJson(t, '/rest/v1/system/statistics?q=controllerId==eu-*')).toEqual({
      totalTargets: 2,
      targetsByStatus: { unknown: 1, registered: 0, pending: 1, in_sync: 0, error: 0 },
      totalDistributionSets: 1,
      totalSoftwareModules: 1,
      totalActions: 2,
      activeActions: 1,
      totalRollouts: 0,
    });
  });

  it.each([
    ['name==', 'hawkbit.server.error.rest.param.rsqlParamSyntax'],
    ['colour==red', 'hawkbit.server.error.rest.param.rsqlInvalidField'],
  ])('refuses q=%s with 400', async (q, errorCode) => {
    const response = await t.request(`/rest/v1/system/statistics?q=${encodeURIComponent(q)}`, { headers: AUTH });
    await expectError(response, 400, errorCode);
  });
});
