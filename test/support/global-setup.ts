import { execFileSync } from 'node:child_process';

/** The CLI tests run the compiled server, so the build must match the sources under test. */
export function setup(): void {
  execFileSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
}
