import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { open, writeFile } from 'node:fs/promises';
import { basename, isAbsolute, join } from 'node:path';
import { libconfigString } from './libconfig.js';

const HARDWARE_REVISION = '1.0';
/**
 * The `-H board:revision` every harness run claims. Images declare its revision in
 * `hardware-compatibility`; Debian's swupdate is built with CONFIG_HW_COMPATIBILITY and refuses others.
 */
export const HARNESS_HARDWARE = `harness:${HARDWARE_REVISION}`;

/** A signing identity: the self-signed certificate verifies whatever its key signed. */
export interface SwuSigner {
  /** PEM certificate: swupdate's `-k` or `public-key-file` */
  readonly certPath: string;
  /** PEM private key */
  readonly keyPath: string;
}

export interface SwuImageOptions {
  /** A directory of the caller's (from `mkdtemp`); the image's files are written there, one image per directory. */
  readonly dir: string;
  /** The bytes the `rawfile` handler writes to `installPath`. */
  readonly payload: string | Uint8Array;
  /** Absolute path the payload is installed to; its directory must exist when swupdate installs. */
  readonly installPath: string;
  /** `software.version` in sw-description. Default `1.0.0`. */
  readonly version?: string;
  /** The image's file name, which becomes the artifact's name: suricatta skips files not ending in `.swu`. Default `update.swu`. */
  readonly imageName?: string;
  /** Sign with this identity (a device holds one certificate for all its images). Default: a new one in `dir`. */
  readonly signer?: SwuSigner;
}

/** A signed image; being a {@link SwuSigner} too, it can be passed as another image's `signer`. */
export interface SwuImage extends SwuSigner {
  readonly swuPath: string;
  readonly payload: Buffer;
  /** lowercase hex, as written in sw-description */
  readonly payloadSha256: string;
}

/** The payload's name inside the archive; sw-description's `filename` refers to it. */
const PAYLOAD_MEMBER = 'payload.bin';

/**
 * Builds a signed SWUpdate image with Debian's openssl and cpio, as SWUpdate 2022.12 (CMS signatures)
 * expects it: a cpio `crc` archive whose members are `sw-description`, its detached CMS signature
 * `sw-description.sig`, then the payload, in that order (swupdate streams the archive and must verify
 * the description before it reads any payload).
 */
export async function buildSwuImage(options: SwuImageOptions): Promise<SwuImage> {
  const { dir, installPath, version = '1.0.0', imageName = 'update.swu' } = options;
  if (!isAbsolute(installPath)) throw new Error(`installPath must be absolute: ${installPath}`);
  if (basename(imageName) !== imageName || !imageName.endsWith('.swu')) {
    throw new Error(`imageName must be a file name ending in .swu: ${imageName}`);
  }
  const signer = options.signer ?? (await createSigner(dir));
  const payload = Buffer.from(options.payload);
  const payloadSha256 = createHash('sha256').update(payload).digest('hex');
  await writeFile(join(dir, PAYLOAD_MEMBER), payload);
  await writeFile(join(dir, 'sw-description'), swDescription(version, installPath, payloadSha256));
  // The flags of SWUpdate's documentation; -binary matters: without it openssl signs a MIME-canonicalised copy.
  await run(
    'openssl',
    [
      'cms',
      '-sign',
      '-in',
      'sw-description',
      '-out',
      'sw-description.sig',
      '-signer',
      signer.certPath,
      '-inkey',
      signer.keyPath,
      '-outform',
      'DER',
      '-nosmimecap',
      '-binary',
    ],
    dir,
  );
  const swuPath = join(dir, imageName);
  const archive = await open(swuPath, 'w');
  try {
    const members = ['sw-description', 'sw-description.sig', PAYLOAD_MEMBER].join('\n');
    await run('cpio', ['-o', '-H', 'crc', '--quiet'], dir, { input: `${members}\n`, stdout: archive.fd });
  } finally {
    await archive.close();
  }
  return { swuPath, certPath: signer.certPath, keyPath: signer.keyPath, payload, payloadSha256 };
}

/**
 * A new self-signed identity in `dir`. SWUpdate checks the signer's purpose (`--cert-purpose`, default
 * emailProtection), hence the extended key usage. P-256 because generating it takes milliseconds where
 * RSA-2048 takes most of a second.
 */
async function createSigner(dir: string): Promise<SwuSigner> {
  const signer = { certPath: join(dir, 'signer.cert.pem'), keyPath: join(dir, 'signer.key.pem') };
  await run(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      signer.keyPath,
      '-out',
      signer.certPath,
      '-days',
      '7',
      '-subj',
      '/CN=falconet-swupdate-harness',
      '-addext',
      'keyUsage=critical,digitalSignature',
      '-addext',
      'extendedKeyUsage=emailProtection',
    ],
    dir,
  );
  return signer;
}

function swDescription(version: string, installPath: string, sha256: string): string {
  return `software =
{
\tversion = ${libconfigString(version)};
\thardware-compatibility: [ ${libconfigString(HARDWARE_REVISION)} ];
\tfiles: (
\t\t{
\t\t\tfilename = ${libconfigString(PAYLOAD_MEMBER)};
\t\t\tpath = ${libconfigString(installPath)};
\t\t\ttype = "rawfile";
\t\t\tsha256 = ${libconfigString(sha256)};
\t\t}
\t);
}
`;
}

/** Runs a tool in `cwd` to completion; its stderr becomes the error, as openssl and cpio explain failures there. */
function run(command: string, args: string[], cwd: string, io: { input?: string; stdout?: number } = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: [io.input === undefined ? 'ignore' : 'pipe', io.stdout ?? 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}: ${stderr.trim()}`));
    });
    child.stdin?.end(io.input);
  });
}
