import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { HARNESS_HARDWARE, type SwuImage } from './swu-image.js';

/** Debian's binary; tests run only this build (2022.12), whose behaviour SWUPDATE.md records. */
export const SWUPDATE_BIN = '/usr/bin/swupdate';

export interface SwupdateExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  /** the run outlived its timeout and was stopped */
  readonly timedOut: boolean;
  /** stdout and stderr interleaved in arrival order */
  readonly log: string;
}

/** A running swupdate. Nothing it logs is lost: `log()` holds everything so far. */
export interface SwupdateProcess {
  log(): string;
  /** Resolves with the first match of `pattern` in the log; rejects if swupdate exits or `timeoutMs` passes first. */
  waitForLog(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once it has exited. Harmless after exit. */
  stop(graceMs?: number): Promise<SwupdateExit>;
  readonly exited: Promise<SwupdateExit>;
}

/** The last lines of a log, for error messages that stay readable. */
const tail = (log: string) => log.split('\n').slice(-40).join('\n');

/**
 * Starts `swupdate args…` with `workDir` as TMPDIR and working directory: swupdate puts its IPC sockets
 * (`sockinstctrl`, `swupdateprog`) and extracted files there, so parallel runs never share them and
 * nothing is left in /tmp. Its subprocesses (suricatta, chunks_downloader) die with it (PR_SET_PDEATHSIG),
 * so stopping the main process is enough. After `timeoutMs` it is stopped and `timedOut` is set.
 *
 * One limit TMPDIR does not lift: each instance binds an abstract socket `@NotifyServer`, `@NotifyServer1`
 * … (11 names), so at most 11 swupdate processes run at once per network namespace, whichever test file
 * starts them; the 12th exits 2 with `Error binding notifier socket: Address already in use, exiting.`
 */
export function startSwupdate(args: readonly string[], options: { workDir: string; timeoutMs: number }): SwupdateProcess {
  const child = spawn(SWUPDATE_BIN, args, {
    cwd: options.workDir,
    env: { ...process.env, TMPDIR: options.workDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  let timedOut = false;
  let exit: SwupdateExit | undefined;
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8').on('data', (text: string) => {
      log += text;
      changed();
    });
  }
  const timer = setTimeout(() => {
    timedOut = true;
    void stop();
  }, options.timeoutMs);
  const exited = new Promise<SwupdateExit>((resolve) => {
    const finish = (code: number | null, signal: NodeJS.Signals | null) => {
      clearTimeout(timer);
      exit ??= { code, signal, timedOut, log };
      resolve(exit);
      changed();
    };
    child.on('close', finish);
    child.on('error', (error) => {
      log += `\n[harness] cannot run ${SWUPDATE_BIN}: ${error.message}\n`;
      finish(null, null);
    });
  });
  async function stop(graceMs = 5_000): Promise<SwupdateExit> {
    if (exit) return exit;
    child.kill('SIGTERM');
    const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
    try {
      return await exited;
    } finally {
      clearTimeout(kill);
    }
  }
  return {
    log: () => log,
    exited,
    stop,
    waitForLog: (pattern, timeoutMs = 30_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const match = log.match(pattern);
          if (match) settle(() => resolve(match));
          else if (exit) settle(() => reject(new Error(`swupdate exited before logging ${pattern}:\n${tail(log)}`)));
        };
        const deadline = setTimeout(() => settle(() => reject(new Error(`swupdate logged no ${pattern} within ${timeoutMs} ms:\n${tail(log)}`))), timeoutMs);
        const settle = (outcome: () => void) => {
          clearTimeout(deadline);
          listeners.delete(check);
          outcome();
        };
        listeners.add(check);
        check();
      }),
  };
}

/**
 * What swupdate's installer decided, read from its own notifications: `SWUPDATE successful !`, or an
 * `[ERROR] : SWUPDATE failed` line. The local client's exit code and its `SWUpdate was successful !`
 * are not the verdict: the client polls the installer's status and now and then (8 runs in 100 alone,
 * 1 in 6 with four in parallel) sees neither success nor failure, logs "was successful" whatever
 * happened and exits 1. So a success may exit 1; a rejection always exits non-zero.
 */
export type LocalVerdict = 'accepted' | 'rejected';

export interface LocalRun {
  readonly verdict: LocalVerdict;
  /** the run that reached the verdict */
  readonly exit: SwupdateExit;
}

const ATTEMPTS = 6;

/**
 * The installer's verdict, if the run reached one the client waited for. When the client's status race
 * ends it first (its `[endupdate]` line comes before any verdict), the process exits under the installer
 * and removes the files it was verifying: what the installer says after that ("sw-description.sig cannot
 * be opened", once in CI) is about the teardown, not the image, so such a run has no verdict.
 */
function installerVerdict(log: string): LocalVerdict | undefined {
  const at = (text: string) => {
    const index = log.indexOf(text);
    return index < 0 ? Infinity : index;
  };
  const accepted = at('SWUPDATE successful !');
  const rejected = at('[ERROR] : SWUPDATE failed');
  const first = Math.min(accepted, rejected);
  if (first === Infinity || at('[endupdate]') < first) return undefined;
  return accepted < rejected ? 'accepted' : 'rejected';
}

/**
 * Verifies an image in local mode, no server: `check` (`-c -i`) checks signature, hardware
 * compatibility and hashes without installing (the handlers are replaced by `dummy`); `install` (`-i`)
 * really installs, i.e. the rawfile handler writes the payload. The client's status race (see
 * {@link LocalVerdict}) sometimes makes it quit before the installer has finished; such a run without
 * verdict (like one refused a notifier socket) is repeated after a pause, 6 attempts in all.
 */
export async function runLocalSwupdate(
  image: Pick<SwuImage, 'swuPath' | 'certPath'>,
  options: { mode: 'check' | 'install'; workDir: string; timeoutMs?: number },
): Promise<LocalRun> {
  const check = options.mode === 'check' ? ['-c'] : [];
  const args = ['-l', '5', ...check, '-i', image.swuPath, '-k', image.certPath, '-H', HARNESS_HARDWARE];
  let exit: SwupdateExit | undefined;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    if (exit) await sleep(500 * attempt);
    exit = await startSwupdate(args, { workDir: options.workDir, timeoutMs: options.timeoutMs ?? 30_000 }).exited;
    const verdict = installerVerdict(exit.log);
    if (verdict) return { verdict, exit };
  }
  throw new Error(`swupdate reached no verdict in ${ATTEMPTS} attempts:\n${tail(exit?.log ?? '')}`);
}
