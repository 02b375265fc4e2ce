#!/usr/bin/env node
import process from 'node:process';

// A committed entry point, so that npm links the bin even before the first build writes dist/.
try {
  await import('../dist/cli.js');
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('dist/cli.js')) throw error;
  process.stderr.write('falconet-sim is not built yet: run `npm run build` at the repository root\n');
  process.exitCode = 1;
}
