import { createHash, randomBytes } from 'node:crypto';
import { CheckDevice, expectDeployment, linksOf, object, type Json } from './check-device.js';
import { CheckFailure, expectEqual, expectThat, type CheckResult } from './check-report.js';
import { createFalconetClient, unwrap, type FalconetClient } from './mgmt-client.js';

export interface CheckOptions {
  /** the server's base URL, no trailing slash */
  readonly url: string;
  readonly tenant: string;
  readonly mgmtUser: string;
  readonly mgmtPassword: string;
  /** also register an unknown device with the gateway token */
  readonly gatewayToken?: string;
  /** run only these flows (names of FLOW_NAMES); all when absent */
  readonly flows?: readonly string[];
  readonly timeoutMs: number;
  /** called as each check ends */
  readonly onResult?: (result: CheckResult) => void;
}

/** What every flow shares: the management client, the uploaded artifact and its set, names unique to the run. */
interface Context {
  readonly options: CheckOptions;
  readonly mgmt: FalconetClient;
  readonly run: string;
  readonly setId: number;
  readonly artifact: { filename: string; size: number; sha256: string; sha1: string; md5: string; bytes: Buffer };
  /** the server's `user.confirmation.flow.enabled` */
  readonly confirmationFlow: boolean;
}

type Step = (id: string, check: () => Promise<void>) => Promise<void>;

interface Flow {
  readonly name: string;
  /** why the flow cannot run against this server, if it cannot */
  readonly skip?: (ctx: Context) => string | undefined;
  readonly run: (ctx: Context, step: Step) => Promise<void>;
}

type AssignOptions = { type: 'forced' | 'soft' | 'timeforced' | 'downloadonly'; forcetime?: number; confirmationRequired?: boolean; maintenanceWindow?: Json };

/** A target created through the management API with a security token of its own: its DDI device. */
async function createDevice(ctx: Context, name: string): Promise<CheckDevice> {
  const controllerId = `${ctx.run}-${name}`;
  const securityToken = randomBytes(16).toString('hex');
  await unwrap(ctx.mgmt.POST('/rest/v1/targets', { body: [{ controllerId, name: controllerId, securityToken }] }));
  return new CheckDevice(ctx.options.url, ctx.options.tenant, controllerId, `TargetToken ${securityToken}`, ctx.options.timeoutMs);
}

/** Assigns the check's set to the device; answers the new action's id. */
async function assign(ctx: Context, device: CheckDevice, options: AssignOptions): Promise<number> {
  const body = [{ id: device.controllerId, confirmationRequired: false, ...options }];
  const result = await unwrap(
    ctx.mgmt.POST('/rest/v1/distributionsets/{distributionSetId}/assignedTargets', {
      params: { path: { distributionSetId: ctx.setId } },
      body: body as never,
    }),
  );
  const id = result.assignedActions[0]?.id;
  if (id === undefined) throw new CheckFailure(`assignment: expected one assigned action, got ${JSON.stringify(result)}`);
  return id;
}

async function actionOf(ctx: Context, device: CheckDevice, actionId: number): Promise<Json> {
  return object(
    await unwrap(ctx.mgmt.GET('/rest/v1/targets/{targetId}/actions/{actionId}', { params: { path: { targetId: device.controllerId, actionId } } })),
  );
}

async function targetOf(ctx: Context, device: CheckDevice): Promise<Json> {
  return object(await unwrap(ctx.mgmt.GET('/rest/v1/targets/{targetId}', { params: { path: { targetId: device.controllerId } } })));
}

/** The action's status entry types, newest first. */
async function statusTypes(ctx: Context, device: CheckDevice, actionId: number): Promise<string[]> {
  const entries = await ctx.mgmt.all('/rest/v1/targets/{targetId}/actions/{actionId}/status', {
    path: { targetId: device.controllerId, actionId },
    query: { sort: 'id:DESC' },
  });
  return entries.map((entry) => String(object(entry)['type']));
}

/** Asserts the management view of an action: `status` (pending|finished) and `detailStatus`. */
async function expectAction(ctx: Context, device: CheckDevice, actionId: number, status: string, detailStatus: string): Promise<void> {
  const action = await actionOf(ctx, device, actionId);
  expectEqual(`management action ${actionId} status/detailStatus`, [action['status'], action['detailStatus']], [status, detailStatus]);
}

async function expectUpdateStatus(ctx: Context, device: CheckDevice, updateStatus: string): Promise<void> {
  expectEqual(`management target ${device.controllerId} updateStatus`, (await targetOf(ctx, device))['updateStatus'], updateStatus);
}

const deploymentOf = (ctx: Context, actionId: number, download: string, update: string, maintenanceWindow?: string) => ({
  actionId,
  download,
  update,
  ...(maintenanceWindow ? { maintenanceWindow } : {}),
  artifact: { filename: ctx.artifact.filename, size: ctx.artifact.size, sha256: ctx.artifact.sha256 },
});

const SLEEP = /^\d{2}:\d{2}:\d{2}$/;

const registration: Flow = {
  name: 'registration',
  async run(ctx, step) {
    let device: CheckDevice;
    await step('ddi.poll.register', async () => {
      device = await createDevice(ctx, 'register');
      await expectUpdateStatus(ctx, device, 'unknown');
      const { body } = await device.poll();
      const sleep = object(object(body['config'])['polling'])['sleep'];
      expectThat('poll config.polling.sleep', typeof sleep === 'string' && SLEEP.test(sleep), 'HH:mm:ss', sleep);
      await expectUpdateStatus(ctx, device, 'registered');
    });
    await step('ddi.poll.unauthorized', async () => {
      await device.expect('poll with a wrong TargetToken', 401, device.base, { authorization: `TargetToken ${'0'.repeat(32)}` });
      await device.expect('deploymentBase without credentials', 401, 'deploymentBase/1', { authorization: '' });
    });
    await step('ddi.poll.etag', async () => {
      const first = await device.expect('poll', 200, device.base);
      const etag = first.headers.get('etag');
      expectThat('poll ETag header', etag !== null && etag.length > 0, 'an ETag', etag ?? undefined);
      await device.expect('poll with If-None-Match', 304, device.base, { headers: { 'If-None-Match': etag as string } });
    });
    await step('ddi.poll.gateway.register', async () => {
      const token = ctx.options.gatewayToken;
      if (token === undefined) throw new SkipCheck('no --gateway-token given');
      const controllerId = `${ctx.run}-gateway`;
      const gateway = new CheckDevice(ctx.options.url, ctx.options.tenant, controllerId, `GatewayToken ${token}`, ctx.options.timeoutMs);
      await gateway.poll('poll of an unknown device with the gateway token');
      const target = await targetOf(ctx, gateway);
      expectEqual('registered target name/updateStatus', [target['name'], target['updateStatus']], [controllerId, 'registered']);
    });
  },
};

const attributes: Flow = {
  name: 'attributes',
  async run(ctx, step) {
    let device: CheckDevice;
    let configData = '';
    await step('ddi.attributes.link', async () => {
      device = await createDevice(ctx, 'attributes');
      const { links } = await device.poll();
      expectThat('poll _links.configData', links['configData'] !== undefined, 'a configData link', links);
      expectEqual('poll _links.configData path', new URL(links['configData'] as string).pathname, device.path('configData'));
      configData = links['configData'] as string;
    });
    await step('ddi.attributes.merge', async () => {
      await device.expect('PUT configData (merge)', 200, configData, { method: 'PUT', body: { mode: 'merge', data: { hwRevision: '2', serial: 'A1' } } });
      await device.expect('PUT configData (default mode)', 200, configData, { method: 'PUT', body: { data: { board: 'x' } } });
      const attributes = await unwrap(ctx.mgmt.GET('/rest/v1/targets/{targetId}/attributes', { params: { path: { targetId: device.controllerId } } }));
      expectEqual('management target attributes', attributes, { board: 'x', hwRevision: '2', serial: 'A1' });
    });
    await step('ddi.attributes.replace', async () => {
      await device.expect('PUT configData (replace)', 200, configData, { method: 'PUT', body: { mode: 'replace', data: { serial: 'B2' } } });
      const attributes = await unwrap(ctx.mgmt.GET('/rest/v1/targets/{targetId}/attributes', { params: { path: { targetId: device.controllerId } } }));
      expectEqual('management target attributes', attributes, { serial: 'B2' });
    });
    await step('ddi.attributes.linkCleared', async () => {
      const { links } = await device.poll();
      expectEqual('poll _links.configData after the upload', links['configData'], undefined);
    });
    await step('ddi.attributes.invalid', async () => {
      await device.expect('PUT configData without data', 400, configData, { method: 'PUT', body: { mode: 'merge' } });
    });
  },
};

/** Download and update modes by action type, hawkBit's table (timeforced before its forcetime). */
const MODES = {
  forced: ['forced', 'forced'],
  soft: ['attempt', 'attempt'],
  timeforced: ['attempt', 'attempt'],
  downloadonly: ['forced', 'skip'],
} as const;

/** One flow per action type: the link, the deployment, `retrieved`, and the type's own end. */
function deploymentFlow(type: keyof typeof MODES): Flow {
  return {
    name: `deploy.${type}`,
    async run(ctx, step) {
      let device: CheckDevice;
      let actionId = 0;
      let href = '';
      await step(`ddi.deploy.${type}.links`, async () => {
        device = await createDevice(ctx, type);
        await device.poll();
        actionId = await assign(ctx, device, { type, ...(type === 'timeforced' ? { forcetime: Date.UTC(2099, 0, 1) } : {}) });
        await expectUpdateStatus(ctx, device, 'pending');
        href = device.expectActionLink((await device.poll()).links, 'deploymentBase', `deploymentBase/${actionId}`);
      });
      await step(`ddi.deploy.${type}.base`, async () => {
        const answer = await device.expect('GET deploymentBase', 200, href);
        const [download, update] = MODES[type];
        expectDeployment('deploymentBase', answer.json, 'deployment', deploymentOf(ctx, actionId, download, update));
        expectEqual('deploymentBase actionHistory without ?actionHistory', object(answer.json)['actionHistory'], undefined);
      });
      await step(`ddi.deploy.${type}.retrieved`, async () => {
        // hawkBit also sets the action's detailStatus to retrieved; Falconet keeps it running (decision 241)
        expectEqual('management action status', (await actionOf(ctx, device, actionId))['status'], 'pending');
        expectEqual('newest status entry after the fetch', (await statusTypes(ctx, device, actionId))[0], 'retrieved');
      });
      if (type === 'downloadonly') {
        await step('ddi.deploy.downloadonly.downloaded', async () => {
          await device.expect('feedback downloaded', 200, `deploymentBase/${actionId}/feedback`, {
            method: 'POST',
            body: CheckDevice.feedback('downloaded', 'none'),
          });
          await expectAction(ctx, device, actionId, 'finished', 'downloaded');
          await expectUpdateStatus(ctx, device, 'in_sync');
        });
      }
      if (type === 'soft') {
        await step('ddi.feedback.closed.failure', async () => {
          await device.expect('feedback closed/failure', 200, `deploymentBase/${actionId}/feedback`, {
            method: 'POST',
            body: CheckDevice.feedback('closed', 'failure', ['install failed']),
          });
          await expectAction(ctx, device, actionId, 'finished', 'error');
          await expectUpdateStatus(ctx, device, 'error');
        });
      }
    },
  };
}

/** Reads one multipart/byteranges body: each part's Content-Range and bytes. */
function byteranges(contentType: string, body: Buffer): Array<{ range: string; bytes: Buffer }> {
  const boundary = /boundary=("?)([^";]+)\1/.exec(contentType)?.[2];
  if (!boundary) throw new CheckFailure(`multipart answer Content-Type: expected a boundary, got ${JSON.stringify(contentType)}`);
  const text = body.toString('latin1');
  return text
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => {
      const split = part.indexOf('\r\n\r\n');
      const head = part.slice(0, split);
      const range = /content-range:\s*([^\r\n]+)/i.exec(head)?.[1]?.trim() ?? '';
      return { range, bytes: Buffer.from(part.slice(split + 4, part.length - 2), 'latin1') };
    });
}

const deployment: Flow = {
  name: 'deployment',
  async run(ctx, step) {
    let device: CheckDevice;
    let actionId = 0;
    let download = '';
    let md5sum = '';
    const { artifact } = ctx;
    const size = artifact.size;
    const feedback = (execution: string, finished: string, details: string[]) =>
      device.expect(`feedback ${execution}/${finished}`, 200, `deploymentBase/${actionId}/feedback`, {
        method: 'POST',
        body: CheckDevice.feedback(execution, finished, details, null),
      });
    await step('ddi.download.links', async () => {
      device = await createDevice(ctx, 'download');
      await device.poll();
      actionId = await assign(ctx, device, { type: 'forced' });
      const href = device.expectActionLink((await device.poll()).links, 'deploymentBase', `deploymentBase/${actionId}`);
      const answer = await device.expect('GET deploymentBase', 200, href);
      const links = linksOf(expectDeployment('deploymentBase', answer.json, 'deployment', deploymentOf(ctx, actionId, 'forced', 'forced')));
      download = links['download-http'] as string;
      md5sum = links['md5sum-http'] as string;
      expectThat(
        'artifact _links.download-http path',
        new URL(download).pathname.endsWith(`/artifacts/${artifact.filename}`),
        `…/artifacts/${artifact.filename}`,
        download,
      );
    });
    await step('ddi.download.full', async () => {
      const answer = await device.expect('GET artifact', 200, download);
      expectEqual('artifact SHA-256 of the bytes', createHash('sha256').update(answer.bytes).digest('hex'), artifact.sha256);
      expectEqual('artifact Accept-Ranges', answer.headers.get('accept-ranges'), 'bytes');
      expectEqual('artifact ETag', answer.headers.get('etag'), `"${artifact.sha1}"`);
      const disposition = answer.headers.get('content-disposition') ?? '';
      expectThat(
        'artifact Content-Disposition',
        disposition.startsWith('attachment') && disposition.includes(artifact.filename),
        `attachment;filename=${artifact.filename}`,
        disposition,
      );
    });
    await step('ddi.download.logged', async () => {
      const types = await statusTypes(ctx, device, actionId);
      expectThat('management status entries after a whole download', types.includes('download'), 'a download entry', types);
    });
    await step('ddi.download.md5sum', async () => {
      const answer = await device.expect('GET artifact .MD5SUM', 200, md5sum);
      expectEqual('MD5SUM body', answer.bytes.toString('utf8').trim(), `${artifact.md5}  ${artifact.filename}`);
    });
    await step('ddi.download.range.single', async () => {
      const answer = await device.expect('GET artifact with Range: bytes=100-199', 206, download, { headers: { Range: 'bytes=100-199' } });
      expectEqual('Content-Range', answer.headers.get('content-range'), `bytes 100-199/${size}`);
      expectThat('range bytes', answer.bytes.equals(artifact.bytes.subarray(100, 200)), 'bytes 100-199 of the artifact', `${answer.bytes.length} other bytes`);
    });
    await step('ddi.download.range.multi', async () => {
      const answer = await device.expect('GET artifact with Range: bytes=0-9,500-599', 206, download, { headers: { Range: 'bytes=0-9,500-599' } });
      const type = answer.headers.get('content-type') ?? '';
      expectThat('Content-Type', type.startsWith('multipart/byteranges'), 'multipart/byteranges', type);
      const parts = byteranges(type, answer.bytes);
      expectEqual(
        'parts Content-Range',
        parts.map((part) => part.range),
        [`bytes 0-9/${size}`, `bytes 500-599/${size}`],
      );
      const same = parts[0]?.bytes.equals(artifact.bytes.subarray(0, 10)) && parts[1]?.bytes.equals(artifact.bytes.subarray(500, 600));
      expectThat(
        'parts bytes',
        same === true,
        'bytes 0-9 and 500-599 of the artifact',
        parts.map((part) => part.bytes.length),
      );
    });
    await step('ddi.download.resume', async () => {
      const half = Math.floor(size / 2);
      const etag = `"${artifact.sha1}"`;
      const answer = await device.expect(`GET artifact with Range: bytes=${half}- and If-Range`, 206, download, {
        headers: { Range: `bytes=${half}-`, 'If-Range': etag },
      });
      expectEqual('Content-Range', answer.headers.get('content-range'), `bytes ${half}-${size - 1}/${size}`);
      const whole = Buffer.concat([artifact.bytes.subarray(0, half), answer.bytes]);
      expectEqual('SHA-256 of the resumed download', createHash('sha256').update(whole).digest('hex'), artifact.sha256);
      const stale = await device.expect('GET artifact with Range and a stale If-Range', 200, download, {
        headers: { Range: `bytes=${half}-`, 'If-Range': '"stale"' },
      });
      expectEqual('length with a stale If-Range', stale.bytes.length, size);
    });
    await step('ddi.download.range.unsatisfiable', async () => {
      const answer = await device.expect(`GET artifact with Range: bytes=${size}-`, 416, download, { headers: { Range: `bytes=${size}-` } });
      expectEqual('Content-Range', answer.headers.get('content-range'), `bytes */${size}`);
    });
    // hawkBit's status entry for each intermediate report; none of them moves the action
    const entries: Record<string, string> = {
      proceeding: 'running',
      scheduled: 'running',
      resumed: 'running',
      download: 'download',
      downloaded: 'downloaded',
      rejected: 'warning',
      canceled: 'canceled',
    };
    for (const [execution, entry] of Object.entries(entries)) {
      await step(`ddi.feedback.${execution}`, async () => {
        await feedback(execution, 'none', [`check ${execution}`]);
        const action = await actionOf(ctx, device, actionId);
        expectEqual(`management action status after ${execution}`, action['status'], 'pending');
        expectEqual(`newest status entry after ${execution}`, (await statusTypes(ctx, device, actionId))[0], entry);
        device.expectActionLink((await device.poll()).links, 'deploymentBase', `deploymentBase/${actionId}`);
      });
    }
    await step('ddi.feedback.invalid', async () => {
      await device.expect('feedback without status.result', 400, `deploymentBase/${actionId}/feedback`, {
        method: 'POST',
        body: { status: { execution: 'proceeding' } },
      });
      await device.expect('feedback with an unknown execution', 400, `deploymentBase/${actionId}/feedback`, {
        method: 'POST',
        body: CheckDevice.feedback('installing', 'none'),
      });
    });
    await step('ddi.actionHistory', async () => {
      const answer = await device.expect('GET deploymentBase?actionHistory=3', 200, `deploymentBase/${actionId}?actionHistory=3`);
      const history = object(object(answer.json)['actionHistory']);
      expectThat(
        'actionHistory.status',
        typeof history['status'] === 'string' && history['status'] === String(history['status']).toUpperCase(),
        'an upper-case status',
        history['status'],
      );
      expectEqual('actionHistory.messages (newest first, 3)', history['messages'], ['check canceled', 'check rejected', 'check downloaded']);
    });
    await step('ddi.feedback.closed.success', async () => {
      await feedback('closed', 'success', ['installed']);
      await expectAction(ctx, device, actionId, 'finished', 'finished');
      await expectUpdateStatus(ctx, device, 'in_sync');
      const installed = object(await unwrap(ctx.mgmt.GET('/rest/v1/targets/{targetId}/installedDS', { params: { path: { targetId: device.controllerId } } })));
      expectEqual('management installedDS id', installed['id'], ctx.setId);
    });
    await step('ddi.feedback.gone', async () => {
      await device.expect('feedback on a closed action', 410, `deploymentBase/${actionId}/feedback`, {
        method: 'POST',
        body: CheckDevice.feedback('closed', 'success'),
      });
    });
    await step('ddi.installedBase', async () => {
      const { links } = await device.poll();
      expectEqual('poll _links.deploymentBase after closing', links['deploymentBase'], undefined);
      expectThat('poll _links.installedBase', links['installedBase'] !== undefined, 'an installedBase link', links);
      expectEqual('poll _links.installedBase path', new URL(links['installedBase'] as string).pathname, device.path(`installedBase/${actionId}`));
      const answer = await device.expect('GET installedBase', 200, links['installedBase'] as string);
      expectDeployment('installedBase', answer.json, 'deployment', deploymentOf(ctx, actionId, 'forced', 'forced'));
    });
  },
};

const cancel: Flow = {
  name: 'cancel',
  async run(ctx, step) {
    let device: CheckDevice;
    let actionId = 0;
    let href = '';
    const cancelAction = async () => {
      await unwrap(ctx.mgmt.DELETE('/rest/v1/targets/{targetId}/actions/{actionId}', { params: { path: { targetId: device.controllerId, actionId } } }));
      await expectAction(ctx, device, actionId, 'pending', 'canceling');
      return device.expectActionLink((await device.poll()).links, 'cancelAction', `cancelAction/${actionId}`);
    };
    await step('ddi.cancel.links', async () => {
      device = await createDevice(ctx, 'cancel');
      await device.poll();
      actionId = await assign(ctx, device, { type: 'forced' });
      await device.expect('GET deploymentBase', 200, `deploymentBase/${actionId}`);
      href = await cancelAction();
    });
    await step('ddi.cancel.base', async () => {
      const answer = await device.expect('GET cancelAction', 200, href);
      const body = object(answer.json);
      expectEqual('cancelAction id/stopId', [body['id'], object(body['cancelAction'])['stopId']], [String(actionId), String(actionId)]);
      await device.expect('GET deploymentBase of a canceling action', 404, `deploymentBase/${actionId}`);
    });
    await step('ddi.cancel.rejected', async () => {
      await device.expect('cancel feedback rejected', 200, `cancelAction/${actionId}/feedback`, {
        method: 'POST',
        body: CheckDevice.feedback('rejected', 'none'),
      });
      const action = await actionOf(ctx, device, actionId);
      expectThat(
        'management action after a rejected cancel',
        action['status'] === 'pending' && action['detailStatus'] !== 'canceling',
        'pending, no longer canceling',
        [action['status'], action['detailStatus']],
      );
      device.expectActionLink((await device.poll()).links, 'deploymentBase', `deploymentBase/${actionId}`);
    });
    await step('ddi.cancel.ack', async () => {
      href = await cancelAction();
      await device.expect('cancel feedback closed/success', 200, `cancelAction/${actionId}/feedback`, {
        method: 'POST',
        body: CheckDevice.feedback('closed', 'success'),
      });
      await expectAction(ctx, device, actionId, 'finished', 'canceled');
      const { links } = await device.poll();
      expectEqual('poll _links.cancelAction after the cancel', links['cancelAction'], undefined);
    });
    await step('ddi.cancel.notCanceling', async () => {
      const other = await createDevice(ctx, 'cancel-none');
      await other.poll();
      const running = await assign(ctx, other, { type: 'forced' });
      await other.expect('GET cancelAction of a running action', 404, `cancelAction/${running}`);
      await other.expect('cancel feedback on a running action', 405, `cancelAction/${running}/feedback`, {
        method: 'POST',
        body: CheckDevice.feedback('closed', 'success'),
      });
    });
  },
};

const confirmation: Flow = {
  name: 'confirmation',
  skip: (ctx) => (ctx.confirmationFlow ? undefined : "the server's user.confirmation.flow.enabled is false"),
  async run(ctx, step) {
    let device: CheckDevice;
    let actionId = 0;
    let href = '';
    await step('ddi.confirm.required', async () => {
      device = await createDevice(ctx, 'confirm');
      await device.poll();
      actionId = await assign(ctx, device, { type: 'forced', confirmationRequired: true });
      await expectAction(ctx, device, actionId, 'pending', 'wait_for_confirmation');
      href = device.expectActionLink((await device.poll()).links, 'confirmationBase', `confirmationBase/${actionId}`);
      await device.expect('GET deploymentBase of an action awaiting confirmation', 404, `deploymentBase/${actionId}`);
    });
    await step('ddi.confirm.base', async () => {
      const root = await device.expect('GET confirmationBase', 200, 'confirmationBase');
      expectEqual('confirmationBase autoConfirm.active', object(object(root.json)['autoConfirm'])['active'], false);
      const links = linksOf(root.json);
      expectEqual(
        'confirmationBase _links.confirmationBase path',
        links['confirmationBase'] && new URL(links['confirmationBase']).pathname,
        device.path(`confirmationBase/${actionId}`),
      );
      expectThat('confirmationBase _links.activateAutoConfirm', links['activateAutoConfirm'] !== undefined, 'an activateAutoConfirm link', links);
      const answer = await device.expect('GET confirmationBase/{actionId}', 200, href);
      expectDeployment('confirmationBase/{actionId}', answer.json, 'confirmation', deploymentOf(ctx, actionId, 'forced', 'forced'));
    });
    await step('ddi.confirm.denied', async () => {
      await device.expect('confirmation feedback denied', 200, `confirmationBase/${actionId}/feedback`, {
        method: 'POST',
        body: { confirmation: 'denied', details: ['not now'] },
      });
      await expectAction(ctx, device, actionId, 'pending', 'wait_for_confirmation');
    });
    await step('ddi.confirm.confirmed', async () => {
      await device.expect('confirmation feedback confirmed', 200, `confirmationBase/${actionId}/feedback`, {
        method: 'POST',
        body: { confirmation: 'confirmed', code: 200 },
      });
      await expectAction(ctx, device, actionId, 'pending', 'running');
      device.expectActionLink((await device.poll()).links, 'deploymentBase', `deploymentBase/${actionId}`);
      await device.expect('confirmation feedback on a running action', 404, `confirmationBase/${actionId}/feedback`, {
        method: 'POST',
        body: { confirmation: 'confirmed' },
      });
    });
    await step('ddi.confirm.autoConfirm', async () => {
      const other = await createDevice(ctx, 'autoconfirm');
      await other.poll();
      const waiting = await assign(ctx, other, { type: 'forced', confirmationRequired: true });
      await other.expect('activateAutoConfirm', 200, 'confirmationBase/activateAutoConfirm', {
        method: 'POST',
        body: { initiator: 'check', remark: 'conformance' },
      });
      const state = object(object((await other.expect('GET confirmationBase', 200, 'confirmationBase')).json)['autoConfirm']);
      expectEqual('autoConfirm active/initiator/remark', [state['active'], state['initiator'], state['remark']], [true, 'check', 'conformance']);
      await expectAction(ctx, other, waiting, 'pending', 'running');
      await other.expect('activateAutoConfirm again', 409, 'confirmationBase/activateAutoConfirm', { method: 'POST', body: {} });
      await other.expect('deactivateAutoConfirm', 200, 'confirmationBase/deactivateAutoConfirm', { method: 'POST' });
    });
  },
};

const maintenance: Flow = {
  name: 'maintenance',
  async run(ctx, step) {
    await step('ddi.maintenance.available', async () => {
      const device = await createDevice(ctx, 'window-open');
      await device.poll();
      // a window starting every second and lasting a minute is open now, whatever the server's clock
      const actionId = await assign(ctx, device, { type: 'forced', maintenanceWindow: { schedule: '* * * ? * *', duration: '00:01:00', timezone: '+00:00' } });
      const answer = await device.expect('GET deploymentBase', 200, `deploymentBase/${actionId}`);
      expectDeployment('deploymentBase', answer.json, 'deployment', deploymentOf(ctx, actionId, 'forced', 'forced', 'available'));
    });
    await step('ddi.maintenance.unavailable', async () => {
      const device = await createDevice(ctx, 'window-closed');
      await device.poll();
      const actionId = await assign(ctx, device, {
        type: 'forced',
        maintenanceWindow: { schedule: '0 0 0 1 1 ? 2099', duration: '00:10:00', timezone: '+00:00' },
      });
      const href = device.expectActionLink((await device.poll()).links, 'deploymentBase', `deploymentBase/${actionId}`);
      const answer = await device.expect('GET deploymentBase', 200, href);
      expectDeployment('deploymentBase', answer.json, 'deployment', deploymentOf(ctx, actionId, 'forced', 'skip', 'unavailable'));
    });
  },
};

const FLOWS: readonly Flow[] = [
  registration,
  attributes,
  deployment,
  deploymentFlow('forced'),
  deploymentFlow('soft'),
  deploymentFlow('timeforced'),
  deploymentFlow('downloadonly'),
  cancel,
  confirmation,
  maintenance,
];

/** The flows' names, in the order they run: each check's JUnit class name and a `--flow` value. */
export const FLOW_NAMES: readonly string[] = FLOWS.map((flow) => flow.name);

/** A check that cannot run against this server (a missing option or server setting). */
class SkipCheck extends Error {}

/** The management set-up every flow uses: one `os` module with a small random artifact, in one `os` set. */
async function setUp(options: CheckOptions, mgmt: FalconetClient, run: string): Promise<Context> {
  const bytes = randomBytes(8192);
  const [module] = await unwrap(mgmt.POST('/rest/v1/softwaremodules', { body: [{ name: `${run}-os`, version: '1.0.0', type: 'os' }] }));
  if (!module) throw new CheckFailure('software module creation: expected one module, got none');
  const filename = `${run}.swu`;
  const uploaded = await mgmt.uploadArtifact(module.id, bytes, { filename });
  const [set] = await unwrap(
    mgmt.POST('/rest/v1/distributionsets', { body: [{ name: `${run}-set`, version: '1.0.0', type: 'os', modules: [{ id: module.id }] }] }),
  );
  if (!set) throw new CheckFailure('distribution set creation: expected one set, got none');
  const configs = object(await unwrap(mgmt.GET('/rest/v1/system/configs')));
  const flag = object(configs['user.confirmation.flow.enabled'])['value'];
  return {
    options,
    mgmt,
    run,
    setId: set.id,
    artifact: { filename, size: bytes.length, sha256: uploaded.hashes.sha256, sha1: uploaded.hashes.sha1, md5: uploaded.hashes.md5, bytes },
    confirmationFlow: flag === true,
  };
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ');

/**
 * Runs every check against the server: the management set-up through hawkBit's paths, then each DDI flow
 * with devices of its own. Within a flow, a failed check skips the rest of the flow.
 */
export async function runChecks(options: CheckOptions): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  const record = (result: CheckResult) => {
    results.push(result);
    options.onResult?.(result);
  };
  const run = `check-${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  const mgmt = createFalconetClient({
    baseUrl: options.url,
    auth: { basic: { user: options.mgmtUser, password: options.mgmtPassword } },
    fetch: (request) => fetch(request, { signal: AbortSignal.timeout(options.timeoutMs) }),
  });
  const started = Date.now();
  let ctx: Context;
  try {
    ctx = await setUp(options, mgmt, run);
    record({ id: 'mgmt.setup', flow: 'setup', outcome: 'passed', ms: Date.now() - started });
  } catch (error) {
    record({ id: 'mgmt.setup', flow: 'setup', outcome: 'failed', reason: reasonOf(error), ms: Date.now() - started });
    return results;
  }
  for (const flow of FLOWS.filter((candidate) => options.flows === undefined || options.flows.includes(candidate.name))) {
    const skip = flow.skip?.(ctx);
    let failed: string | undefined = skip;
    const step: Step = async (id, check) => {
      if (failed !== undefined) {
        record({ id, flow: flow.name, outcome: 'skipped', reason: skip ?? `not run: ${failed} failed`, ms: 0 });
        return;
      }
      const begin = Date.now();
      try {
        await check();
        record({ id, flow: flow.name, outcome: 'passed', ms: Date.now() - begin });
      } catch (error) {
        if (error instanceof SkipCheck) {
          record({ id, flow: flow.name, outcome: 'skipped', reason: error.message, ms: Date.now() - begin });
          return;
        }
        failed = id;
        record({ id, flow: flow.name, outcome: 'failed', reason: reasonOf(error), ms: Date.now() - begin });
      }
    };
    await flow.run(ctx, step);
  }
  return results;
}
