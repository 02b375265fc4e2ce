import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../src');
const CONSOLE = join(SRC, 'console');

/**
 * docs/CONVENTIONS.md: imports point one way, infrastructure ← types/tags ← software-modules ← distribution-sets
 * ← targets ← actions ← target-filters ← rollouts ← ddi ← system, metrics, webhooks ← services/app/main; the
 * webhook outbox (events/) is infrastructure, written by every concept.
 */
const LAYERS: Readonly<Record<string, number>> = {
  '': 0,
  http: 0,
  db: 0,
  query: 0,
  storage: 0,
  generated: 0,
  auth: 0,
  metadata: 0,
  'audit-log': 0,
  events: 0,
  types: 1,
  tags: 1,
  'software-modules': 2,
  'distribution-sets': 3,
  targets: 4,
  actions: 5,
  'target-filters': 6,
  rollouts: 7,
  ddi: 8,
  system: 9,
  webhooks: 9,
  metrics: 9,
  'api-description': 9,
  backup: 9,
  // the typed client for integrators (decision 240): no server file imports it, the next test checks it
  client: 0,
};
const COMPOSITION = new Set(['services.ts', 'app.ts', 'main.ts', 'cli.ts']);

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );

const layerOf = (file: string): number => {
  const path = relative(SRC, file);
  if (COMPOSITION.has(path)) return 10;
  const folder = path.includes('/') ? (path.split('/')[0] as string) : '';
  const layer = LAYERS[folder];
  if (layer === undefined) throw new Error(`src/${path}: folder '${folder}' has no layer in test/architecture.test.ts`);
  return layer;
};

const importsOf = (file: string): string[] => [...readFileSync(file, 'utf8').matchAll(/^import\s[^;]*?from\s+'([^']+)'/gms)].map((match) => match[1] as string);

const allFiles = sourceFiles(SRC);
const consoleFiles = allFiles.filter((file) => file.startsWith(CONSOLE + '/'));
const files = allFiles.filter((file) => !consoleFiles.includes(file));

describe('architecture', () => {
  it('keeps imports pointing one way between concept folders', () => {
    const violations = files.flatMap((file) =>
      importsOf(file)
        .filter((target) => target.startsWith('.'))
        .map((target) => resolve(dirname(file), target).replace(/\.js$/, '.ts'))
        .filter((target) => layerOf(target) > layerOf(file))
        .map((target) => `src/${relative(SRC, file)} → src/${relative(SRC, target)}`),
    );
    expect(violations).toEqual([]);
  });

  it('keeps SQL in the stores (docs/CONVENTIONS.md rule 5): no statement is built outside src/db/ and the *-store.ts files', () => {
    const builds = /\b(db|trx)\(|\.raw\(|\b(statement|preparedRead)(<[^>]*>)?\(/;
    const outbox = join(SRC, 'events/outbox.ts'); // the webhook outbox insert, written by every concept in its own transaction
    const stores = files.filter((file) => file.endsWith('-store.ts'));
    expect(stores.length).toBeGreaterThan(15);
    const violations = files
      .filter((file) => !file.endsWith('-store.ts') && !file.endsWith('.test.ts') && !file.startsWith(join(SRC, 'db') + '/') && file !== outbox)
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, index) => (builds.test(line) ? [`src/${relative(SRC, file)}:${index + 1}: ${line.trim()}`] : [])),
      );
    expect(violations).toEqual([]);
  });

  it('keeps services free of HTTP and OpenAPI types', () => {
    const services = files.filter((file) => /-service\.ts$/.test(file));
    expect(services.length).toBeGreaterThan(5);
    const violations = services.flatMap((file) =>
      importsOf(file)
        .filter((target) => /^hono|\/generated\/|\/http\//.test(target))
        .map((target) => `src/${relative(SRC, file)} → ${target}`),
    );
    expect(violations).toEqual([]);
  });

  it('keeps the web console a client of /rest/v1: it imports only its own files, the generated API types and its packages', () => {
    expect(consoleFiles.length).toBeGreaterThan(5);
    const allowedPackages = /^(preact|preact\/hooks|openapi-fetch)$/;
    // the console's unit tests run in Node under vitest, no part of the bundle
    const bundled = consoleFiles.filter((file) => !file.endsWith('.test.ts'));
    const violations = bundled.flatMap((file) =>
      importsOf(file)
        .filter((target) =>
          target.startsWith('.')
            ? !resolve(dirname(file), target).startsWith(CONSOLE + '/') && resolve(dirname(file), target) !== join(SRC, 'generated/mgmt')
            : !allowedPackages.test(target),
        )
        .map((target) => `src/${relative(SRC, file)} → ${target}`),
    );
    expect(violations).toEqual([]);
    const serverImports = files.flatMap((file) =>
      importsOf(file)
        .filter((target) => target.startsWith('.') && resolve(dirname(file), target).startsWith(CONSOLE + '/'))
        .map((target) => `src/${relative(SRC, file)} → ${target}`),
    );
    expect(serverImports).toEqual([]);
  });

  it('keeps the simulator a client: Node built-ins, its own files, the built typed client in mgmt-client.ts, smol-toml in scenario.ts', () => {
    const simulator = resolve(import.meta.dirname, '../simulators/src');
    const simulatorFiles = sourceFiles(simulator).filter((file) => !file.endsWith('.test.ts'));
    expect(simulatorFiles.length).toBeGreaterThan(5);
    // decision 240: the same relative path reaches dist/client in a clone and in the installed package
    const builtClient = (file: string, target: string) => file === join(simulator, 'mgmt-client.ts') && target === '../../dist/client/index.js';
    // decision 243: scenario files are TOML, read with the package's own TOML parser
    const tomlParser = (file: string, target: string) => file === join(simulator, 'scenario.ts') && target === 'smol-toml';
    const violations = simulatorFiles.flatMap((file) =>
      importsOf(file)
        .filter(
          (target) =>
            !target.startsWith('node:') &&
            !(target.startsWith('./') && resolve(dirname(file), target).startsWith(simulator)) &&
            !builtClient(file, target) &&
            !tomlParser(file, target),
        )
        .map((target) => `simulators/src/${relative(simulator, file)} → ${target}`),
    );
    expect(violations).toEqual([]);
  });

  it('keeps the typed client apart from the server: Node built-ins, openapi-fetch and the generated types only', () => {
    const client = join(SRC, 'client');
    const violations = sourceFiles(client).flatMap((file) =>
      importsOf(file)
        .filter((target) => !target.startsWith('node:') && target !== 'openapi-fetch' && resolve(dirname(file), target) !== join(SRC, 'generated/mgmt.js'))
        .map((target) => `src/${relative(SRC, file)} → ${target}`),
    );
    expect(violations).toEqual([]);
    const serverImports = files.flatMap((file) =>
      importsOf(file)
        .filter((target) => target.startsWith('.') && !file.startsWith(client + '/') && resolve(dirname(file), target).startsWith(client + '/'))
        .map((target) => `src/${relative(SRC, file)} → ${target}`),
    );
    expect(serverImports).toEqual([]);
  });
});
