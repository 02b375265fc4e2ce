/**
 * Debian's swupdate 2022.12 as a hawkBit device (suricatta). What its log says at `-l 5`, lines as
 * printed, `…` for elisions; `{url}/{tenant}/controller/v1/{id}` is abbreviated `{base}`.
 *
 * Seen here, suricatta against 127.0.0.1 where nothing listens (test/e2e/swupdate-image.test.ts):
 * - each poll: `[DEBUG] : SWUPDATE running :  [channel_get] : Trying to GET {base}`, and when it fails
 *   `[ERROR] : … Channel get operation failed (7): 'Couldn't connect to server'`;
 * - the configData PUT with its body, attempted every cycle until one succeeds, even after a failed poll:
 *   `[TRACE] : … [server_send_target_data] : URL={base}/configData JSON={ "id": "", … "data" : {  "k": "v",… } }`;
 * - between polls `[DEBUG] : … [suricatta_wait] : Sleeping for {n} seconds.` (`polldelay`, until the
 *   server's `config.polling.sleep` replaces it);
 * - without `-c`: `… [server_handle_initial_state] : State is STATE_OK/STATE_NOT_AVAILABLE, nothing to report to server.`
 * - with `-c 2`: `… [server_handle_initial_state] : Got state=2 from command line.`; until that report
 *   is delivered suricatta does nothing else: every `initial-report-resend-period` seconds it GETs
 *   {base} again and logs `[INFO ] : … [server_start] : Sleeping for {n}s until retrying...`;
 * - tenant, id, url and tokens longer than 127 bytes are cut to 127 without a word;
 * - at most 11 swupdate processes per machine at once (abstract notifier sockets, see startSwupdate);
 * - SIGTERM ends swupdate and its subprocesses within milliseconds: exit 0, sockets removed; or, now
 *   and then right after start (2 of 40 stops at the first `Sleeping for`; presumably before its handler
 *   is set), death by SIGTERM with the sockets left in TMPDIR, which the next start there replaces.
 *
 * Not seen yet, as no server exists: from the format strings in /usr/bin/swupdate and the upstream
 * source they come from (the wire behaviour is SWUpdate's suricatta/server_hawkbit.c):
 * - every feedback POST is logged with its body: `[channel_post_method] : POSTed/PATCHed to {url}: {json}`,
 *   the JSON on one line as in `"execution": "proceeding", "details" : [ "All Chunks Installed." ]`;
 * - "All Chunks Installed": a POST to `{base}/deploymentBase/{actionId}/feedback` with execution
 *   `proceeding`, finished `none`, details `All Chunks Installed.`: the end of a single run; the action
 *   stays running and later polls log `An already installed update is pending testing, ignoring
 *   available update action.` then `Please restart SWUpdate to report the test results upstream.`;
 * - "Update Installed": only from a second process started with `-c 2` ({@link SuricattaRunOptions.confirm}),
 *   as the bootloader `none` keeps the install state in RAM: a POST to the deploymentBase offered at its
 *   start-up, execution `closed`, finished `success`, details `Update Installed.` (`-c 3`: `failure`,
 *   `Update Failed.`); with no deploymentBase offered it logs `No active update available, nothing to
 *   report to server.` and reports nothing;
 * - cancel: `Acknowledging cancelled update.`, then a POST to `{cancelAction href}/feedback` with
 *   `"id": {stopId}`, execution `closed`, finished `success`, details `cancellation acknowledged.`;
 * - `update: skip`: closed, success, `Skipped Update.`
 */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { libconfigInteger, libconfigString } from './libconfig.js';
import { HARNESS_HARDWARE } from './swu-image.js';
import { startSwupdate, SWUPDATE_BIN, type SwupdateProcess } from './swupdate-process.js';

const INSTALL_HINT = 'apt-get install -y swupdate cpio';

/** Whether Debian's swupdate is installed (`apt-get install -y swupdate cpio`). */
export function swupdateAvailable(): boolean {
  return existsSync(SWUPDATE_BIN);
}

/**
 * Why swupdate tests cannot run here, or undefined when they can. Throws instead when
 * FALCONET_REQUIRE_SWUPDATE=1 (CI sets it), so that a missing package fails the run rather than skips it.
 */
export function swupdateSkipReason(): string | undefined {
  if (swupdateAvailable()) return undefined;
  if (process.env['FALCONET_REQUIRE_SWUPDATE'] === '1') {
    throw new Error(`FALCONET_REQUIRE_SWUPDATE=1 but ${SWUPDATE_BIN} is missing: ${INSTALL_HINT}`);
  }
  return `${SWUPDATE_BIN} is missing; ${INSTALL_HINT} to run these tests`;
}

/** How the device authenticates: `TargetToken` or `GatewayToken` (suricatta refuses both at once). */
export interface DeviceToken {
  readonly kind: 'target' | 'gateway';
  readonly value: string;
}

export interface SuricattaConfig {
  /** The server as the device reaches it, e.g. `http://127.0.0.1:8080`; suricatta builds feedback URLs from it. */
  readonly url: string;
  readonly controllerId: string;
  /** Default `DEFAULT`. */
  readonly tenant?: string;
  /** The certificate that verifies images (`public-key-file`). */
  readonly certPath: string;
  /** Seconds between polls until the server's polling interval replaces it. Default 5. */
  readonly pollDelaySecs?: number;
  /** Download resumptions before suricatta gives up. Default 3. */
  readonly retry?: number;
  /** Seconds between attempts to deliver the `-c` start-up report (suricatta's default is 10). Default 1. */
  readonly initialReportResendSecs?: number;
  /** None: anonymous, no Authorization header is sent. */
  readonly token?: DeviceToken;
  /** Attributes sent as configData. */
  readonly identify?: Readonly<Record<string, string>>;
}

/** The files a suricatta run needs. */
export interface SuricattaDevice {
  readonly configPath: string;
  readonly certPath: string;
}

/** suricatta cuts longer values to 127 bytes, which would surface as puzzling 401s or 404s. */
function shortString(name: string, value: string): string {
  if (Buffer.byteLength(value) > 127) throw new Error(`${name} longer than suricatta's 127 bytes: ${value}`);
  return libconfigString(value);
}

/** Writes a swupdate.cfg for one device: loglevel 5, bootloader `none`, suricatta and identify sections. */
export async function writeSuricattaConfig(configPath: string, config: SuricattaConfig): Promise<SuricattaDevice> {
  const { token, identify = {} } = config;
  const settings = [
    `tenant = ${shortString('tenant', config.tenant ?? 'DEFAULT')};`,
    `id = ${shortString('controllerId', config.controllerId)};`,
    `url = ${shortString('url', config.url)};`,
    `polldelay = ${libconfigInteger('pollDelaySecs', config.pollDelaySecs ?? 5)};`,
    `retry = ${libconfigInteger('retry', config.retry ?? 3)};`,
    `initial-report-resend-period = ${libconfigInteger('initialReportResendSecs', config.initialReportResendSecs ?? 1)};`,
    ...(token ? [`${token.kind}token = ${shortString('token', token.value)};`] : []),
  ];
  const pairs = Object.entries(identify).map(([name, value]) => `\t{ name = ${libconfigString(name)}; value = ${libconfigString(value)}; }`);
  const text = `globals :
{
\tloglevel = 5;
\tpublic-key-file = ${libconfigString(config.certPath)};
\tbootloader = "none";
};
suricatta :
{
${settings.map((line) => `\t${line}`).join('\n')}
};
${pairs.length > 0 ? `identify : (\n${pairs.join(',\n')}\n);\n` : ''}`;
  await writeFile(configPath, text);
  return { configPath, certPath: config.certPath };
}

export interface SuricattaRunOptions {
  /** This device's own TMPDIR (sockets, extracted files); two runs of one device may share it, never at once. */
  readonly workDir: string;
  /**
   * The "after reboot" start: `-c 2` (success) or `-c 3` (failure) reports on the deploymentBase the
   * server offers at start-up before polling resumes.
   */
  readonly confirm?: 'success' | 'failure';
  /** Stop it after this long. Default 60 s. */
  readonly timeoutMs?: number;
}

/** Starts `swupdate -l 5 -f cfg -k cert -H harness:1.0 -u "…"`: a device polling its server. */
export function runSuricatta(device: SuricattaDevice, options: SuricattaRunOptions): SwupdateProcess {
  const suricattaArgs = options.confirm ? `-c ${options.confirm === 'success' ? 2 : 3}` : '';
  const args = ['-l', '5', '-f', device.configPath, '-k', device.certPath, '-H', HARNESS_HARDWARE, '-u', suricattaArgs];
  return startSwupdate(args, { workDir: options.workDir, timeoutMs: options.timeoutMs ?? 60_000 });
}
