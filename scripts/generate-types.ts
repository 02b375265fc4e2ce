import { writeFile } from 'node:fs/promises';
import { API_DOCUMENTS, generateTypes, generatedTypesFile } from './openapi-types.js';

for (const name of API_DOCUMENTS) {
  await writeFile(generatedTypesFile(name), await generateTypes(name));
  console.log(`wrote ${generatedTypesFile(name).pathname}`);
}
