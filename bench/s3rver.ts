/**
 * The S3-compatible server of the bench's `s3` section: s3rver's own CLI as a process of its own, pinned
 * to the load core (the server core is Falconet's), with one bucket, its objects in a temporary directory.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, startPinned, type BenchServer } from './bench-process.js';

export const BENCH_BUCKET = 'falconet-bench';
/** s3rver's one built-in account */
const S3RVER_KEY = 'S3RVER';

export interface BenchS3 {
  readonly server: BenchServer;
  /** `[storage]` TOML lines for Falconet, with `download_redirect` as given */
  readonly toml: (downloadRedirect: boolean) => string[];
}

export async function startS3rver(core: number, dir: string): Promise<BenchS3> {
  const directory = join(dir, 's3rver');
  mkdirSync(directory, { recursive: true });
  const port = await freePort();
  const cli = join('node_modules', 's3rver', 'bin', 's3rver.js');
  const args = ['-d', directory, '-a', '127.0.0.1', '-p', String(port), '-s', '--no-vhost-buckets', '--configure-bucket', BENCH_BUCKET];
  const server = await startPinned('s3rver', core, [process.execPath, cli, ...args], { probe: `http://127.0.0.1:${port}/` });
  return {
    server,
    toml: (downloadRedirect) => [
      '[storage]',
      'backend = "s3"',
      `endpoint = "${server.url}"`,
      `bucket = "${BENCH_BUCKET}"`,
      'path_style = true',
      `access_key_id = "${S3RVER_KEY}"`,
      `secret_access_key = "${S3RVER_KEY}"`,
      `download_redirect = ${downloadRedirect}`,
    ],
  };
}
