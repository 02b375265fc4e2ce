import { execFileSync } from 'node:child_process';

/** The CLI tests run the compiled server and simulator, so the builds must match the sources under test. */
export function setup(): void {
  execFileSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
  execFileSync('npx', ['tsc', '-p', 'simulators/tsconfig.build.json'], { stdio: 'inherit' });
}
