import openapiTS, { astToString } from 'openapi-typescript';

export const API_DOCUMENTS = ['mgmt', 'ddi'] as const;

const root = new URL('../', import.meta.url);

export const generatedTypesFile = (name: (typeof API_DOCUMENTS)[number]) => new URL(`src/generated/${name}.ts`, root);

/** TypeScript types for one of our OpenAPI documents, exactly as `npm run generate:types` writes them. */
export async function generateTypes(name: (typeof API_DOCUMENTS)[number]): Promise<string> {
  const ast = await openapiTS(new URL(`openapi/${name}.yaml`, root), { rootTypes: false });
  return `// Generated from openapi/${name}.yaml by \`npm run generate:types\`; do not edit.\n\n${astToString(ast)}`;
}
