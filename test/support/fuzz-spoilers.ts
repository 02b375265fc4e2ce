/**
 * The cases of one operation: its valid base request with exactly one part spoiled (a path parameter, a
 * query parameter, a header, the body, its Content-Type or the credentials), so that the answer must be a
 * 4xx; see fuzz-request.ts for the one kind of case that may be answered.
 */
import fc from 'fast-check';
import { basicAuth } from './test-app.js';
import { malformedJson, oversizedJson, spoiledValue } from './fuzz-body.js';
import { fiqlSpoils } from './fuzz-fiql.js';
import type { FuzzParameter } from './fuzz-operations.js';
import { multipartSpoils } from './fuzz-multipart.js';
import { fuzzCase, jsonText, type Expectation, type FuzzCase } from './fuzz-request.js';
import type { BaseRequest } from './fuzz-world.js';
import { HUGE_INTEGERS, INT32_OVERFLOWS, NOT_NUMBERS, floatSpellings, PROTOTYPE_NAMES, tooLong, UNSAFE_INTEGER, withBadEncoding } from './fuzz-values.js';

/** A request being spoiled: path parameters and query pairs already percent-encoded. */
export interface Draft {
  readonly method: string;
  readonly params: Readonly<Record<string, string>>;
  readonly query: readonly (readonly [string, string])[];
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

export interface Spoil {
  readonly what: string;
  readonly expectation?: Expectation;
  edit(draft: Draft): Draft;
}

export interface OperationContext {
  /** a FIQL field the operation's `q` knows */
  readonly fiqlField: string;
}

const setParam = (name: string, value: string) => (draft: Draft) => ({ ...draft, params: { ...draft.params, [name]: value } });
const setQuery = (name: string, value: string) => (draft: Draft) => ({
  ...draft,
  query: [...draft.query.filter(([key]) => key !== name), [name, value] as const],
});
const setHeaders = (headers: Record<string, string | undefined>) => (draft: Draft) => {
  const merged: Record<string, string> = {};
  for (const [name, value] of Object.entries({ ...draft.headers, ...headers })) if (value !== undefined) merged[name] = value;
  return { ...draft, headers: merged };
};

function pathSpoils(parameter: FuzzParameter, base: BaseRequest): fc.Arbitrary<Spoil> {
  const { name, schema } = parameter;
  const value = base.params[name] ?? '';
  const at = (what: string, raw: string): Spoil => ({ what: `path ${name} ${what}`, edit: setParam(name, raw) });
  const encodings = withBadEncoding(value).map(({ text, what }) => at(`with ${what}: ${text}`, text));
  if (schema.type === 'integer') {
    const spellings = [...NOT_NUMBERS, ...HUGE_INTEGERS, UNSAFE_INTEGER, ...INT32_OVERFLOWS, '-1', '0', '987654321', ...floatSpellings(Number(value))];
    return fc.oneof(
      encodings,
      fc.constantFrom(...spellings).map((raw) => at(`= ${raw}`, raw)),
    );
  }
  const ddiDevice = base.operation.document === 'ddi' && name === 'controllerId';
  const options: fc.Arbitrary<Spoil>[] = [encodings];
  if (schema.maxLength !== undefined) options.push(tooLong(schema.maxLength).map((long) => at(`of ${long.length} characters`, long)));
  // A controllerId the management API refuses (whitespace, '/'), which a gateway poll must not register either.
  if (ddiDevice) options.push(fc.constantFrom('%20', '%2F', '%09').map((bad) => at(`with ${bad}`, `${encodeURIComponent(value)}${bad}x`)));
  // Naming nothing (no dot segments: a URL parser resolves them before the app sees the path); a device
  // token names its own target, while a gateway poll would register an unknown one.
  const owner = ddiDevice ? base.credentials[0] : {};
  options.push(
    fc.constantFrom('fuzz-unknown', 'x'.repeat(8000), ...PROTOTYPE_NAMES).map((raw) => ({
      what: `path ${name} = ${raw.length > 20 ? `${raw.slice(0, 20)}… (${raw.length})` : raw}, naming nothing`,
      edit: (draft: Draft) => setHeaders({ ...owner })(setParam(name, encodeURIComponent(raw))(draft)),
    })),
  );
  return fc.oneof(...options);
}

const SORT_SPOILS = [
  ...PROTOTYPE_NAMES.flatMap((name) => [name, `${name}:ASC`]),
  'name:SIDEWAYS',
  'name:ASC:DESC',
  ':ASC',
  'noSuchField:ASC',
  ',',
  'name:ASC,',
  'id;DROP TABLE targets:ASC',
];

function querySpoils(parameter: FuzzParameter, context: OperationContext): fc.Arbitrary<Spoil> {
  const { name, schema } = parameter;
  const at = (what: string, raw: string, expectation: Expectation = 'refused'): Spoil => ({
    what: `query ${name}=${what}`,
    expectation,
    edit: setQuery(name, raw),
  });
  const encodings = (valid: string) => withBadEncoding(valid).map(({ text }) => at(text, text));
  if (schema.type === 'integer') {
    const int32 = schema.format === 'int32' ? INT32_OVERFLOWS : [];
    return fc.oneof(
      encodings('1'),
      fc.constantFrom(...NOT_NUMBERS, ...HUGE_INTEGERS, UNSAFE_INTEGER, ...floatSpellings(10), ...int32).map((raw) => at(raw, raw)),
    );
  }
  if (schema.type === 'boolean')
    return fc.oneof(
      encodings('true'),
      fc.constantFrom('maybe', '2', 'yes-no').map((raw) => at(raw, raw)),
    );
  if (name === 'sort')
    return fc.oneof(
      encodings('name:ASC'),
      fc.constantFrom(...SORT_SPOILS).map((raw) => at(raw, encodeURIComponent(raw))),
    );
  if (name === 'q') {
    return fiqlSpoils(context.fiqlField).map((spoil) => ({ what: `query q=${spoil.what}`, expectation: spoil.expectation, edit: setQuery(name, spoil.value) }));
  }
  const options = [encodings('remark')];
  if (schema.maxLength !== undefined) options.push(tooLong(schema.maxLength).map((long) => at(`${long.length} characters`, long)));
  return fc.oneof(...options);
}

function headerSpoils(parameter: FuzzParameter): fc.Arbitrary<Spoil> | undefined {
  const name = parameter.name.toLowerCase();
  const header =
    (method: string | undefined) =>
    (value: string): Spoil => ({
      what: `header ${name}: ${value}`,
      edit: (draft) => ({ ...setHeaders({ [name]: value })(draft), ...(method === undefined ? {} : { method }) }),
    });
  // Only a GET has ranges: HEAD ignores them (RFC 9110, 14.2).
  if (name === 'range') return fc.constantFrom('bytes=999999999-', 'bytes=999999999-1000000000').map(header('GET'));
  if (name === 'if-match') return fc.constantFrom('"not-this-version"', 'W/"x"').map(header(undefined));
  return undefined;
}

const WRONG_MEDIA_TYPES = [
  'text/plain',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/jsonx',
];

function jsonBodySpoils(base: BaseRequest, json: unknown): fc.Arbitrary<Spoil>[] {
  const schema = base.operation.body?.schema ?? {};
  const body = (text: string, what: string): Spoil => ({ what, edit: (draft) => ({ ...draft, body: text }) });
  const options = [
    spoiledValue(json, schema).map(({ text, what }) => body(text, what)),
    spoiledValue(json, schema).map(({ text, what }) => body(text, what)),
    malformedJson(json).map(({ text, what }) => body(text, `body ${what}`)),
    fc.constant(oversizedJson(json)).map(({ text, what }) => body(text, `body ${what}`)),
    fc.constantFrom(...WRONG_MEDIA_TYPES, undefined).map((type) => ({
      what: `content-type ${type ?? 'absent'} for a JSON body`,
      edit: setHeaders({ 'content-type': type }),
    })),
  ];
  if (base.operation.body?.required) options.push(fc.constantFrom('', ' ').map((text) => body(text, `body ${JSON.stringify(text)}, but required`)));
  return options;
}

function credentialSpoils(base: BaseRequest): fc.Arbitrary<Spoil> {
  const own = base.credentials[0]?.['authorization'] ?? '';
  const device = base.operation.document === 'ddi';
  const wrong = device
    ? ['TargetToken not-the-token', 'TargetToken ', 'GatewayToken not-the-token', basicAuth(), own.replace('TargetToken', 'targettoken')]
    : ['Bearer x', 'Basic !!!', `Basic ${Buffer.from('admin').toString('base64')}`, 'TargetToken x', 'Digest username="admin"'];
  return fc.oneof(
    fc.constant<Spoil>({ what: 'no credentials', edit: setHeaders({ authorization: undefined }) }),
    fc.constantFrom(...wrong).map((authorization): Spoil => ({ what: `authorization: ${authorization}`, edit: setHeaders({ authorization }) })),
    fc.constant<Spoil>({ what: 'a forged session cookie', edit: setHeaders({ authorization: undefined, cookie: 'falconet_session=forged' }) }),
  );
}

/** Every way to spoil the operation's base request; empty for an operation that takes no input at all. */
export function spoilsOf(base: BaseRequest, context: OperationContext): fc.Arbitrary<Spoil>[] {
  const { operation } = base;
  const spoils: fc.Arbitrary<Spoil>[] = [];
  for (const parameter of operation.parameters) {
    if (parameter.in === 'path') spoils.push(pathSpoils(parameter, base));
    if (parameter.in === 'query') spoils.push(querySpoils(parameter, context));
    const header = parameter.in === 'header' ? headerSpoils(parameter) : undefined;
    if (header) spoils.push(header);
  }
  if (base.body !== undefined && 'json' in base.body) spoils.push(...jsonBodySpoils(base, base.body.json));
  if (base.body !== undefined && 'raw' in base.body) spoils.push(...multipartSpoils(base.body));
  if (operation.secured) spoils.push(credentialSpoils(base));
  return spoils;
}

/** The draft of the valid request: parameters encoded, one of the valid credentials, GET sometimes as HEAD. */
function baseDraft(base: BaseRequest, credentials: Readonly<Record<string, string>>, head: boolean): Draft {
  const { operation, body } = base;
  const contentType: Record<string, string> = body === undefined ? {} : { 'content-type': 'json' in body ? 'application/json' : body.contentType };
  return {
    method: head && operation.method === 'GET' ? 'HEAD' : operation.method,
    params: Object.fromEntries(Object.entries(base.params).map(([name, value]) => [name, encodeURIComponent(value)])),
    query: base.query.map(([name, value]) => [encodeURIComponent(name), encodeURIComponent(value)] as const),
    headers: { ...base.headers, ...credentials, ...contentType },
    ...(body === undefined ? {} : { body: 'json' in body ? jsonText(body.json) : body.raw }),
  };
}

/** The operation's cases, or undefined when it takes no input that could be spoiled. */
export function fuzzCases(base: BaseRequest, context: OperationContext): fc.Arbitrary<FuzzCase> | undefined {
  const spoils = spoilsOf(base, context);
  if (spoils.length === 0) return undefined;
  const { operation } = base;
  return fc
    .tuple(
      fc.oneof(...spoils),
      fc.constantFrom(...base.credentials),
      fc.nat({ max: 4 }).map((n) => n === 0),
    )
    .map(([spoil, credentials, head]) => {
      const draft = spoil.edit(baseDraft(base, credentials, head));
      const query = draft.query.map(([name, value]) => `${name}=${value}`).join('&');
      const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => draft.params[name] ?? '') + (query === '' ? '' : `?${query}`);
      const request = { method: draft.method, path, headers: draft.headers, ...(draft.body === undefined ? {} : { body: draft.body }) };
      return fuzzCase(operation.operationId, spoil.what, spoil.expectation ?? 'refused', request);
    });
}
