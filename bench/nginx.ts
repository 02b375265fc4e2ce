/**
 * nginx as the download yardstick: one worker process with `sendfile on`, serving a directory from a
 * configuration of its own in a temporary prefix (pid, logs and temp paths there, a free port), in the
 * foreground and pinned to a core like the server it is compared with.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort, startPinned, type BenchServer } from './bench-process.js';

/** nginx's path, or undefined when it is not installed (Debian puts it in /usr/sbin). */
export function findNginx(): string | undefined {
  for (const candidate of ['nginx', '/usr/sbin/nginx']) {
    try {
      execFileSync(candidate, ['-v'], { stdio: 'ignore' });
      return candidate;
    } catch {
      // not this one
    }
  }
  return undefined;
}

/** Starts nginx serving `root` at `/`; ready once `probePath` answers. */
export async function startNginx(nginx: string, core: number, prefix: string, root: string, probePath: string): Promise<BenchServer> {
  const port = await freePort();
  const config = join(prefix, 'nginx.conf');
  const temp = (name: string) => `${name}_temp_path ${join(prefix, name)};`;
  writeFileSync(
    config,
    `
# as root, nginx would hand its workers to 'nobody', who cannot read the bench's private temporary directory
user ${userInfo().username};
worker_processes 1;
pid ${join(prefix, 'nginx.pid')};
error_log ${join(prefix, 'error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  default_type application/octet-stream;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}
  server {
    listen 127.0.0.1:${port};
    location / { root ${root}; }
  }
}
`,
  );
  return startPinned('nginx', core, [nginx, '-e', join(prefix, 'error.log'), '-c', config, '-p', prefix, '-g', 'daemon off;'], {
    probe: `http://127.0.0.1:${port}${probePath}`,
  });
}
