import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, dirname, resolve } from 'node:path';
import ts from 'typescript';
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
        // a unit test may import test/support; a server file cannot (the build's rootDir is src)
        .filter((target) => target.startsWith(SRC + '/') && layerOf(target) > layerOf(file))
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

  it("builds not-found messages in src/errors.ts alone (decision 260): no hand-written 'does not exist' elsewhere", () => {
    const startup = join(SRC, 'startup-errors.ts'); // the operator's start-up lines, no DomainError
    const violations = files
      .filter((file) => file !== join(SRC, 'errors.ts') && file !== startup && !file.startsWith(join(SRC, 'generated') + '/'))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, index) =>
            /\bdo(es)? not exist/.test(line) && !/^\s*(\*|\/\/|\/\*)/.test(line) ? [`src/${relative(SRC, file)}:${index + 1}: ${line.trim()}`] : [],
          ),
      );
    expect(violations).toEqual([]);
  });

  it("moves actions in src/actions/action-store.ts alone (decision 261): no other module writes an action's status", () => {
    const writer = join(SRC, 'actions/action-store.ts');
    // SQL (`UPDATE actions SET … status = …`) or knex (`('actions')….update({ … status: … })`), within one statement
    const writes = [/\bupdate\s+actions\s+set\b[^;`]*?\bstatus\s*=/gi, /\(\s*'actions'\s*\)[^;]*?\.update\(\s*\{[^}]*?\bstatus\s*:/g];
    const violations = files
      .filter((file) => file !== writer && !file.endsWith('.test.ts'))
      .flatMap((file) => {
        const text = readFileSync(file, 'utf8');
        return writes.flatMap((write) => [...text.matchAll(write)].map((match) => `src/${relative(SRC, file)}: ${match[0].split('\n')[0]?.trim()}`));
      });
    expect(violations).toEqual([]);
  });

  it('names every chunk limit in src/db/chunks.ts (decision 260): no file defines a *CHUNK constant of its own', () => {
    const violations = files
      .filter((file) => file !== join(SRC, 'db/chunks.ts'))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, index) => (/\bconst \w*CHUNK\s*=/.test(line) ? [`src/${relative(SRC, file)}:${index + 1}: ${line.trim()}`] : [])),
      );
    expect(violations).toEqual([]);
  });

  it("keeps sort fields in the concept's *-fields.ts beside its FIQL fields (decision 260): handlers name no column", () => {
    const handlers = files.filter((file) => file.endsWith('-handlers.ts'));
    expect(handlers.length).toBeGreaterThan(10);
    const violations = handlers.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => (/\bcolumn:|\bconst \w*SORT\w*\s*=/.test(line) ? [`src/${relative(SRC, file)}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(violations).toEqual([]);
  });

  it('gives every database store one shape (decision 260): an object of operations, or a create…Store factory when it takes settings', () => {
    const stores = files.filter((file) => file.endsWith('-store.ts') && !file.startsWith(join(SRC, 'storage') + '/'));
    expect(stores.length).toBeGreaterThan(15);
    const violations = stores.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      const shaped = /^export const \w+Store(: \w+)? = \{/m.test(text) || /^export function create\w+Store\(/m.test(text);
      const loose = [...text.matchAll(/^export async function (\w+)/gm)].map((match) => match[1] as string);
      return [
        ...(shaped ? [] : [`src/${relative(SRC, file)}: no store object or factory`]),
        ...loose.map((name) => `src/${relative(SRC, file)}: ${name} outside the store`),
      ];
    });
    expect(violations).toEqual([]);
  });

  it('gives every list operation of a service one request (decision 260): a ListRequest, never a positional page and q', () => {
    const services = files.filter((file) => /-service\.ts$/.test(file));
    const violations = services.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => (/\bPageRequest\b|\bq\?: string\b/.test(line) ? [`src/${relative(SRC, file)}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(violations).toEqual([]);
  });

  it('builds every service one way (decision 263): a function create…Service named after its file, the database first, the clock second', () => {
    const services = files.filter((file) => /-services?\.ts$/.test(file));
    expect(services.length).toBeGreaterThan(20);
    const violations = services.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      const name = (file.split('/').pop() as string).replace(/\.ts$/, '').replace(/(^|-)(\w)/g, (_, _dash: string, letter: string) => letter.toUpperCase());
      const head = text.match(new RegExp(`^export function create${name}\\(([\\s\\S]*?)\\): ${name} \\{`, 'm'))?.[1];
      const factories = [...text.matchAll(/^export (?:async )?function (create\w+)|^export (?:const|class) (\w+Service)\b/gm)].map(
        (match) => match[1] ?? match[2],
      );
      return [
        ...(head === undefined ? [`src/${relative(SRC, file)}: no factory create${name}(…): ${name}`] : []),
        ...(head !== undefined && !/^\s*db: Knex\b/.test(head) ? [`src/${relative(SRC, file)}: the database is not the first parameter`] : []),
        ...(head !== undefined && /\bclock: Clock\b/.test(head) && !/^\s*db: Knex,\s*clock: Clock\b/.test(head)
          ? [`src/${relative(SRC, file)}: the clock is not second`]
          : []),
        ...factories.filter((factory) => factory !== `create${name}`).map((factory) => `src/${relative(SRC, file)}: ${factory} beside create${name}`),
      ];
    });
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

const TESTS = import.meta.dirname;
const testFiles = sourceFiles(TESTS).filter((file) => file !== import.meta.filename);
/** `test/file.ts:line: text` of every test-layer line that matches. */
const testLinesMatching = (pattern: RegExp): string[] =>
  testFiles.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) => (pattern.test(line) ? [`test/${relative(TESTS, file)}:${index + 1}: ${line.trim()}`] : [])),
  );

/** The collections whose creation (`POST`) has a typed fixture in test/support/ (decision 264). */
const FIXTURE_COLLECTIONS =
  /^\/rest\/v1\/(targets|softwaremodules|distributionsets|softwaremoduletypes|distributionsettypes|targettypes|targettags|distributionsettags|rollouts|targetfilters|webhooks)(\?.*)?$/;

/**
 * `line: call` of every call in a file that POSTs to a collection of FIXTURE_COLLECTIONS by hand: a call with the
 * path as an argument (a string, or a const of the file holding one) and the method `'POST'` among its arguments
 * (at any depth, as `send('POST', …)` or `{ method: 'POST' }`) or a callee named `post`. The typed client's
 * `.POST(path, …)` is no such call: its body is checked by the types.
 */
function handRolledCreations(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const constants = new Map<string, string>();
  const literal = (node: ts.Node): string | undefined =>
    ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : ts.isIdentifier(node) ? constants.get(node.text) : undefined;
  const collectConstants = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer !== undefined) {
      const value = literal(node.initializer);
      if (value !== undefined) constants.set(node.name.text, value);
    }
    ts.forEachChild(node, collectConstants);
  };
  collectConstants(source);
  const posts = (node: ts.Node): boolean => literal(node) === 'POST' || ts.forEachChild(node, (child) => posts(child) || undefined) === true;
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = ts.isPropertyAccessExpression(node.expression) ? node.expression.name.text : ts.isIdentifier(node.expression) ? node.expression.text : '';
      const toCollection = node.arguments.some((argument) => FIXTURE_COLLECTIONS.test(literal(argument) ?? ''));
      if (toCollection && callee !== 'POST' && (callee === 'post' || node.arguments.some(posts))) {
        found.push(`${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.getText().split('\n')[0] ?? ''}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the test layer', () => {
  it('checks error answers with expectError (test/support/expect-error.ts): no errorOf, no error body parsed by hand', () => {
    expect(testFiles.length).toBeGreaterThan(50);
    expect(testLinesMatching(/\berrorOf\b|\.json\(\)\)\s*as\s*(ErrorJson|ErrorBody|ExceptionInfo)\b/)).toEqual([]);
  });

  it('reads ids with idOf (test/support/target-fixtures.ts), which checks them, never with an `as number` cast', () => {
    expect(testLinesMatching(/(\['id'\]|\.id) as number\b/)).toEqual([]);
  });

  it('starts the app of a describe block with useTestApp; startTestApp only where test/support/test-app.ts allows it', () => {
    const allowed: Readonly<Record<string, string>> = {
      'test/support/use-test-app.ts': 'useTestApp is built on it',
      'test/support/test-server.ts': 'startTestServer, the app on a real socket, is built on it',
      'test/http-basics.test.ts': 'one test closes its own app to make it fail',
      'test/ddi-poll.test.ts': 'one test needs anonymous DDI on an app of its own',
      'test/session.test.ts': 'one test needs a public url on an app of its own',
      'test/system.test.ts': 'one test needs an app behind a proxy url',
      'test/hostile-input.test.ts': 'one test compares two apps with different allowed hosts',
      'test/disclosure.test.ts': 'tests break their own app: database closed, artifact directory unusable',
      'test/metrics.test.ts': 'one test needs an app of its own; the rest was being edited by other work',
      'test/console-assets.test.ts': 'the console assets, an option of the app, are written in beforeAll',
      'test/console/console.test.ts': 'the console build, an option of the app, is made in beforeAll',
      'test/console/operator.test.ts': 'the console build, an option of the app, is made in beforeAll',
      'test/api-fuzz.test.ts': 'the figures it logs time the whole run, the app start included',
    };
    const users = testFiles.filter((file) => /\bstartTestApp\b/.test(readFileSync(file, 'utf8'))).map((file) => `test/${relative(TESTS, file)}`);
    expect(users.filter((file) => file !== 'test/support/test-app.ts' && allowed[file] === undefined)).toEqual([]);
    expect(Object.keys(allowed).filter((file) => !users.includes(file))).toEqual([]);
  });
  it('creates entities through the typed fixtures (decision 264): no hand-written POST to a collection that has one', () => {
    const allowed: Readonly<Record<string, string>> = {
      'test/support/rollout-fixtures.ts': 'postRollout sends any body, for the tests of refused rollouts',
      'test/support/target-filter-fixtures.ts': 'postFilter sends any body, for the tests of refused filters',
      'test/targets.test.ts': "the create endpoint's own tests: duplicates, unknown fields, bad addresses",
      'test/software-modules.test.ts': "the create endpoint's own tests: malformed and refused bodies",
      'test/distribution-sets.test.ts': "the create endpoint's own tests: refused bodies, a body of each shape",
      'test/target-types.test.ts': "the create endpoint's own tests, with bodies the types refuse",
      'test/software-module-types.test.ts': "the create endpoint's own tests, with bodies the types refuse",
      'test/distribution-set-types.test.ts': "the create endpoint's own tests, with bodies the types refuse",
      'test/target-filters.test.ts': 'one request without credentials, which the typed client always sends',
      'test/webhooks.test.ts': "the create endpoint's own tests: refused secrets, urls and event types",
      'test/webhook-destinations.test.ts': 'the tests of refused destinations read the status of each creation',
      'test/hostile-input.test.ts': 'hostile bodies, content types and origins, which the types exist to refuse',
      'test/audit-log.test.ts': 'creations with headers of their own (request id, forwarded address, no content type)',
      'test/host-header.test.ts': 'raw sockets with Host headers of their own',
      'test/backup.test.ts': 'a server in a process of its own, over HTTP',
      'test/concurrent-reports.test.ts': 'servers in processes of their own, over HTTP',
      'test/early-answers.test.ts': 'a server in a process of its own, over HTTP',
      'test/rollout-processes.test.ts': 'servers in processes of their own, over HTTP',
      'test/scale-out.test.ts': 'servers in processes of their own, over HTTP',
      'test/webhooks-restart.test.ts': 'a server in a process of its own, over HTTP',
      'test/deploy.test.ts': 'the packaged server behind nginx, over HTTP',
      'test/console/operator.test.ts': 'the console build against a listening server, over HTTP',
    };
    const found = new Map(
      testFiles.map((file): [string, string[]] => [`test/${relative(TESTS, file)}`, handRolledCreations(file)]).filter(([, calls]) => calls.length > 0),
    );
    expect([...found].filter(([file]) => allowed[file] === undefined)).toEqual([]);
    expect(Object.keys(allowed).filter((file) => !found.has(file))).toEqual([]);
  });
});
