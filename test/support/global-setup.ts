import { execFileSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { startS3Server } from './s3-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the S3-compatible server every test of the run shares, each test file with buckets of its own */
    s3Endpoint: string;
  }
}

/**
 * The CLI tests run the compiled server and simulator, and the server serves the bundled OpenAPI documents
 * (dist/openapi), so the builds must match the sources under test;
 * the bucket backend's tests need an S3 server, started once for the run on a free loopback port.
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  execFileSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
  execFileSync('npx', ['tsc', '-p', 'simulators/tsconfig.build.json'], { stdio: 'inherit' });
  execFileSync('npx', ['tsx', 'scripts/bundle-openapi.ts'], { stdio: 'inherit' });
  const s3 = await startS3Server();
  project.provide('s3Endpoint', s3.endpoint);
  return () => s3.close();
}
