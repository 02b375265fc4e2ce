import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expectData, mgmtClient, type Schemas } from './mgmt-client.js';
import { basicAuth, type TestApp } from './test-app.js';

export const auth = { authorization: basicAuth() };
export const jsonHeaders = { ...auth, 'content-type': 'application/json' };

export type ModuleJson = Schemas['SoftwareModule'];

export interface ArtifactJson {
  id: number;
  providedFilename: string;
  size: number;
  hashes: { sha1: string; md5: string; sha256: string };
  createdAt: number;
  createdBy: string;
  _links: Record<string, { href: string }>;
}

let counter = 0;

/** Creates one module through the API (asserting 201); name, version and type default to a fresh `os` module. */
export async function createModule(t: TestApp, fields: Partial<Schemas['SoftwareModuleRequest']> = {}): Promise<ModuleJson> {
  const body = [{ name: `module-${++counter}`, version: '1.0.0', type: 'os', ...fields }];
  const [module] = await expectData(mgmtClient(t).POST('/rest/v1/softwaremodules', { body }), 201);
  if (module === undefined) throw new Error('createModule: no module in the answer');
  return module;
}

/** Uploads bytes as hawkBit clients do: multipart with part `file`, optional text fields. */
export function upload(
  t: TestApp,
  moduleId: number,
  bytes: Uint8Array | string,
  options: { partName?: string; fields?: Record<string, string>; query?: Record<string, string> } = {},
): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
  form.append('file', new Blob([bytes]), options.partName ?? 'firmware.bin');
  const query = options.query === undefined ? '' : `?${new URLSearchParams(options.query).toString()}`;
  return t.request(`/rest/v1/softwaremodules/${moduleId}/artifacts${query}`, { method: 'POST', headers: auth, body: form });
}

/** Uploads and expects 201. */
export async function uploadArtifact(
  t: TestApp,
  moduleId: number,
  bytes: Uint8Array | string,
  options: { partName?: string; fields?: Record<string, string>; query?: Record<string, string> } = {},
): Promise<ArtifactJson> {
  const response = await upload(t, moduleId, bytes, options);
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`);
  return (await response.json()) as ArtifactJson;
}

/**
 * Puts a module into a fresh distribution set (written with knex: sets are another concept), and
 * optionally references that set from a rollout, which locks the module.
 */
export async function putInSet(t: TestApp, moduleId: number, options: { rollout?: boolean } = {}): Promise<number> {
  const now = t.clock();
  const audit = { created_at: now, created_by: 'test', last_modified_at: now, last_modified_by: 'test' };
  const type = await t.db('distribution_set_types').where('key', 'os').first<{ id: number }>('id');
  const inserted: { id: number }[] = await t.db('distribution_sets').insert({ type_id: type.id, name: `set-${++counter}`, version: '1', ...audit }, ['id']);
  const setId = (inserted[0] as { id: number }).id;
  await t.db('distribution_set_modules').insert({ distribution_set_id: setId, software_module_id: moduleId });
  if (options.rollout) {
    await t.db('rollouts').insert({
      name: `rollout-${++counter}`,
      distribution_set_id: setId,
      target_filter_query: 'name==*',
      status: 'ready',
      action_type: 'forced',
      success_condition: 'THRESHOLD',
      ...audit,
    });
  }
  return setId;
}

/** The SHA-256 of every committed blob, in whichever backend the app stores them. */
export async function storedBlobs(t: TestApp): Promise<string[]> {
  if (t.bucket) return (await t.bucket.keys('blobs/')).map((key) => key.slice('blobs/'.length));
  const dir = join(artifactDir(t), 'blobs');
  return existsSync(dir)
    ? readdirSync(dir)
        .flatMap((shard) => readdirSync(join(dir, shard)))
        .sort()
    : [];
}

/** The temp files (or temp objects) of uploads, in whichever process folder they are. */
export async function uploadTempFiles(t: TestApp): Promise<string[]> {
  if (t.bucket) return t.bucket.keys('tmp/');
  const dir = join(artifactDir(t), 'tmp');
  return existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.part')) : [];
}

/** Whether the store holds a blob: a file under `artifact_dir`, or an object of the bucket. */
export async function blobExists(t: TestApp, sha256: string): Promise<boolean> {
  const source = t.services.artifactStore.source(sha256);
  if (typeof source === 'string' && !source.startsWith(join(artifactDir(t), 'blobs'))) throw new Error(`blob outside artifact_dir: ${source}`);
  return t.services.artifactStore.exists(sha256);
}

const artifactDir = (t: TestApp) => t.config.artifactDir as string;
