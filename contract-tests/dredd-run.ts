/**
 * Dredd over one of our documents against a live server. Dredd turns every documented response of every
 * operation into a transaction, sends the operation's documented request example and compares status and
 * headers; it does not check an OpenAPI 3 response body against its schema, so the hooks here do, with the
 * validator the integration tests use. The hooks also give each transaction its credentials, its path
 * parameters and the state it needs (dredd-scenarios.ts).
 *
 * Dredd 14 reads neither split documents nor schema-level examples of path parameters: it gets the
 * document dereferenced into one, in memory.
 */
import { EventEmitter } from 'node:events';
import { fileURLToPath } from 'node:url';
import Dredd, { type DreddHooks, type DreddStats, type DreddTest, type DreddTransaction } from 'dredd';
import { OpenAPIBackend } from 'openapi-backend';
import type { ApiDocument } from '../src/http/api-operations.js';
import type { TestApp } from '../test/support/test-app.js';
import { authorizationOf, ERRORS, expand, SCENARIOS, worldParams, type Prepared, type Scenario, type ScenarioContext } from './dredd-scenarios.js';
import { createWorld, operatorApi, type World } from './dredd-world.js';
import type { ResponseValidator } from './response-validator.js';

export interface DreddOutcome {
  /** `METHOD path status` */
  readonly transaction: string;
  readonly status: DreddTest['status'] | 'error';
  readonly message: string;
}

export interface DreddRun {
  readonly stats: DreddStats;
  readonly outcomes: readonly DreddOutcome[];
}

declare global {
  var falconetDreddHooks: ((hooks: DreddHooks) => void) | undefined;
}

const documentFile = (name: ApiDocument) => fileURLToPath(new URL(`../openapi/${name}.yaml`, import.meta.url));
const HOOKS_FILE = fileURLToPath(new URL('dredd-hooks.cjs', import.meta.url));

interface Definition {
  readonly paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
}

/** The document with every `$ref` resolved. */
async function dereferenced(document: ApiDocument): Promise<Definition> {
  const api = new OpenAPIBackend({ definition: documentFile(document), quick: true });
  await api.init();
  return api.definition as unknown as Definition;
}

function queryParamsOf(definition: Definition, path: string, method: string): string[] {
  const parameters = definition.paths[path]?.[method.toLowerCase()]?.parameters ?? [];
  return parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name);
}

const CONDITIONAL_HEADERS = new Set(['if-match', 'if-none-match', 'if-range', 'range']);

/** `{path} > {summary} > {status}[ > {media type}]` */
function parseName(transaction: DreddTransaction) {
  const parts = transaction.name.split(' > ');
  const path = parts[0] as string;
  const status = Number(transaction.expected.statusCode);
  return { path, status, key: `${transaction.request.method} ${path}` };
}

export async function runDredd(document: ApiDocument, t: TestApp, url: string, validator: ResponseValidator): Promise<DreddRun> {
  const api = operatorApi(t);
  const definition = await dereferenced(document);
  let shared: World | undefined;
  /** Dredd's test title (`METHOD (status) documented-uri`) → `METHOD path status` */
  const keys = new Map<string, string>();
  const skipped = new Map<string, string>();
  const outcomes: DreddOutcome[] = [];

  /** What a transaction sends, or why it is skipped. */
  async function prepare(transaction: DreddTransaction): Promise<{ world: World; prepared: Prepared } | string> {
    const { path, status, key } = parseName(transaction);
    const method = transaction.request.method;
    const scenario: Scenario | undefined = SCENARIOS[`${key} ${status}`] ?? (status < 300 ? (SCENARIOS[key] ?? (() => ({}))) : undefined);
    // A transaction with a state of its own, and a 304 (the state of the success it revalidates), get a
    // world of their own; the other error transactions change nothing and share one.
    const world = scenario !== undefined || status === 304 ? await createWorld(t) : (shared ??= await createWorld(t));
    const body = transaction.request.body;
    const context: ScenarioContext = {
      t,
      api,
      world,
      path,
      url,
      method,
      queryParams: queryParamsOf(definition, path, method),
      example: body === '' ? undefined : (JSON.parse(body) as unknown),
    };
    if (scenario !== undefined) return { world, prepared: await scenario(context) };
    const error = ERRORS[status];
    if (error === undefined) return `no generic way to a ${status}`;
    const prepared = await error(context);
    return typeof prepared === 'string' ? prepared : { world, prepared };
  }

  function apply(transaction: DreddTransaction, world: World, prepared: Prepared): void {
    const { path } = parseName(transaction);
    const query = prepared.query === undefined ? '' : `?${prepared.query}`;
    transaction.fullPath = expand(path, { ...worldParams(world), ...prepared.params }) + query;
    // Documented conditional headers (If-Match, Range, …) would turn any transaction into a 412 or 206.
    const documented = Object.entries(transaction.request.headers).filter(([name]) => !CONDITIONAL_HEADERS.has(name.toLowerCase()));
    const headers: Record<string, string> = {
      ...Object.fromEntries(documented),
      ...authorizationOf(path, world, prepared.anonymous ?? false),
      ...prepared.headers,
    };
    if (prepared.raw !== undefined) {
      headers['Content-Type'] = prepared.raw.contentType;
      transaction.request.body = prepared.raw.body;
    } else if (prepared.body !== undefined) {
      transaction.request.body = JSON.stringify(prepared.body);
    }
    transaction.request.headers = headers;
    // The body's schema is checked by the validator after the request; Dredd's own body check would
    // compare the real body with the documented example, which holds other values.
    delete transaction.expected.body;
    // The validator checks the media type; Dredd would also demand the exact parameters (`; charset=utf-8`),
    // and the exact value of a 415's Accept, for which the document has no example (it names what each
    // operation reads).
    delete transaction.expected.headers['Content-Type'];
    delete transaction.expected.headers['Accept'];
  }

  globalThis.falconetDreddHooks = (hooks) => {
    hooks.beforeEach((transaction, done) => {
      const { key, status } = parseName(transaction);
      keys.set(transaction.id, `${key} ${status}`);
      prepare(transaction)
        .then((result) => {
          if (typeof result === 'string') {
            transaction.skip = true;
            skipped.set(transaction.id, result);
          } else {
            apply(transaction, result.world, result.prepared);
          }
        })
        .catch((error: Error) => {
          transaction.fail = `preparing the transaction failed: ${error.message}`;
        })
        .finally(done);
    });
    hooks.afterEach((transaction, done) => {
      const real = transaction.real;
      if (real === undefined || transaction.skip) {
        done();
        return;
      }
      const empty = real.statusCode === 204 || real.statusCode === 304 || real.body === undefined;
      const response = new Response(empty ? null : real.body, { status: real.statusCode, headers: real.headers });
      validator
        .violations(transaction.request.method, transaction.fullPath, response)
        .then((violations) => {
          if (violations.length > 0) transaction.fail = violations.join('; ');
        })
        .catch((error: Error) => {
          transaction.fail = `validating the response failed: ${error.message}`;
        })
        .finally(done);
    });
  };

  const emitter = new EventEmitter();
  const record = (status: DreddOutcome['status']) => (test: DreddTest) =>
    outcomes.push({ transaction: keys.get(test.title) ?? test.title, status, message: skipped.get(test.title) ?? test.message ?? '' });
  emitter.on('test pass', record('pass'));
  emitter.on('test fail', record('fail'));
  emitter.on('test skip', record('skip'));
  emitter.on('test error', (error: Error, test: DreddTest) =>
    outcomes.push({ transaction: keys.get(test.title) ?? test.title, status: 'error', message: error.message }),
  );

  const dredd = new Dredd({
    endpoint: url,
    path: [],
    apiDescriptions: [{ location: `openapi/${document}.yaml`, content: JSON.stringify(definition) }],
    hookfiles: [HOOKS_FILE],
    emitter,
    // One character per transaction on stdout; the outcomes themselves are collected from the emitter.
    reporter: ['dot'],
    loglevel: 'error',
  });
  try {
    const stats = await new Promise<DreddStats>((resolve, reject) => dredd.run((error, result) => (error ? reject(error) : resolve(result))));
    return { stats, outcomes };
  } finally {
    globalThis.falconetDreddHooks = undefined;
  }
}
