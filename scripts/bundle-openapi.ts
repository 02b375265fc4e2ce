import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { bundle, createConfig } from '@redocly/openapi-core';
import { API_DOCUMENTS } from './openapi-types.js';

/**
 * `npm run build`: each root of openapi/ bundled into one JSON document, dist/openapi/<name>.json, for
 * `GET /rest/v1/openapi.json` and `/rest/v1/openapi/ddi.json`. Redocly's bundler moves what the roots
 * `$ref` from other files into `components`, where every generator and API browser looks for it.
 */
const root = new URL('../', import.meta.url);
const outDir = new URL('dist/openapi/', root);
await mkdir(outDir, { recursive: true });
const config = await createConfig({});
for (const name of API_DOCUMENTS) {
  const { bundle: bundled, problems } = await bundle({ ref: fileURLToPath(new URL(`openapi/${name}.yaml`, root)), config });
  if (problems.length > 0) throw new Error(`openapi/${name}.yaml: ${problems.map((problem) => problem.message).join('; ')}`);
  await writeFile(new URL(`${name}.json`, outDir), JSON.stringify(bundled.parsed));
}
