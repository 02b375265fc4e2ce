import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { DomainError, ErrorCode } from '../src/errors.js';
import { compileFiql, likePattern, type FiqlField, type FiqlFields } from '../src/query/fiql.js';
import { rowsOf } from '../src/query/field-kit.js';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases.js';

/** A tag through the join table, with hawkBit's semantics: `!=`/`=out=` mean "has no such tag". */
const tag: FiqlField = {
  kind: 'string',
  condition(builder, { operator, values }) {
    const list = operator === '=in=' || operator === '=out=';
    if (!list && operator !== '==' && operator !== '!=') {
      throw new DomainError(ErrorCode.rsqlParamSyntax, `tag does not support ${operator}`);
    }
    const tagged = (sub: Knex.QueryBuilder) => {
      sub.select(1).from('thing_tags').whereRaw('?? = ??', ['thing_tags.thing_id', 'things.id']);
      if (list) sub.whereRaw(`lower(thing_tags.tag) in (${values.map(() => 'lower(?)').join(', ')})`, values);
      else sub.whereRaw(`lower(thing_tags.tag) like lower(?) escape '\\'`, [likePattern(values[0] ?? '')]);
    };
    if (operator === '!=' || operator === '=out=') builder.whereNotExists(tagged);
    else builder.whereExists(tagged);
  },
};

/** The same tag as a related field: the compiler supplies hawkBit's semantics. */
const label: FiqlField = {
  column: 'lt.tag',
  kind: 'string',
  related: rowsOf('thing_tags as lt', 'lt.thing_id', 'things.id'),
};
/** A to-one relation (a thing's owner, maybe none) and a map (`meta.<key>`). */
const owner: FiqlField = {
  column: 'o.name',
  kind: 'string',
  related: rowsOf('owners as o', 'o.id', 'things.owner_id'),
};
const meta: FiqlField = {
  kind: 'string',
  keyed: (key) => ({
    column: 'm.value',
    kind: 'string',
    entry: true,
    related: rowsOf('thing_meta as m', 'm.thing_id', 'things.id', (sub) => void sub.whereRaw('lower(m.key) = lower(?)', [key])),
  }),
};

const createdAt: FiqlField = { column: 'things.created_at', kind: 'integer' };
const FIELDS: FiqlFields = {
  name: { column: 'things.name', kind: 'string' },
  size: { column: 'things.size', kind: 'integer' },
  enabled: { column: 'things.enabled', kind: 'boolean' },
  status: { column: 'things.status', kind: 'string', values: ['ready', 'error', 'pending'] },
  createdat: createdAt,
  created_at: createdAt,
  tag,
  label,
  'owner.name': owner,
  meta,
};

const T = 1_700_000_000_000;
const THINGS = [
  { id: 1, name: 'Alpha', size: 10, enabled: true, status: 'ready', created_at: T, tags: ['prod', 'eu'] },
  { id: 2, name: 'alphabet', size: 20, enabled: false, status: 'error', created_at: T + 1, tags: ['production'] },
  { id: 3, name: 'Beta', size: 30, enabled: true, status: 'pending', created_at: T + 2, tags: ['DEV'] },
  { id: 4, name: null, size: null, enabled: null, status: 'ready', created_at: T + 3, tags: [] },
  { id: 5, name: '50%_off', size: -5, enabled: false, status: 'ready', created_at: T + 4, tags: ['prod'] },
  { id: 6, name: '50ab_off', size: 0, enabled: true, status: 'error', created_at: T + 5, tags: [] },
  { id: 7, name: 'star*name', size: 1, enabled: true, status: 'ready', created_at: T + 6, tags: [] },
  { id: 8, name: 'starship', size: 2, enabled: true, status: 'ready', created_at: T + 7, tags: [] },
  { id: 9, name: 'Ärger', size: 3, enabled: true, status: 'ready', created_at: T + 8, tags: [] },
  { id: 10, name: '', size: 4, enabled: true, status: 'ready', created_at: T + 9, tags: [] },
];
/** owners of things 1 (Ann) and 2, 3 (Bob); meta of things 1, 2 and 3 */
const OWNERS = [
  { id: 1, name: 'Ann', things: [1] },
  { id: 2, name: 'Bob', things: [2, 3] },
];
const META = [
  { thing_id: 1, key: 'Region', value: 'eu' },
  { thing_id: 1, key: 'tier', value: 'gold' },
  { thing_id: 2, key: 'region', value: 'us' },
  { thing_id: 3, key: 'region', value: null },
];
const ALL = THINGS.map((thing) => thing.id);
const except = (...ids: number[]) => ALL.filter((id) => !ids.includes(id));

describe.each(DATABASE_KINDS)('FIQL on %s', (kind) => {
  let database: TestDatabase;
  let db: Knex;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = openDatabase(database.url);
    await db.schema.createTable('things', (table) => {
      table.integer('id').primary();
      table.string('name');
      table.integer('size');
      table.boolean('enabled');
      table.string('status').notNullable();
      table.bigInteger('created_at').notNullable();
      table.integer('owner_id');
    });
    await db.schema.createTable('owners', (table) => {
      table.integer('id').primary();
      table.string('name').notNullable();
    });
    await db.schema.createTable('thing_meta', (table) => {
      table.integer('thing_id').notNullable().references('things.id');
      table.string('key').notNullable();
      table.string('value');
      table.primary(['thing_id', 'key']);
    });
    await db.schema.createTable('thing_tags', (table) => {
      table.integer('thing_id').notNullable().references('things.id');
      table.string('tag').notNullable();
      table.primary(['thing_id', 'tag']);
    });
    await db('things').insert(THINGS.map(({ tags: _, ...thing }) => thing));
    await db('thing_tags').insert(THINGS.flatMap((thing) => thing.tags.map((name) => ({ thing_id: thing.id, tag: name }))));
    await db('owners').insert(OWNERS.map(({ things: _, ...row }) => row));
    for (const { id, things } of OWNERS) await db('things').whereIn('id', things).update({ owner_id: id });
    await db('thing_meta').insert(META);
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  const ids = (query: string, scope: (builder: Knex.QueryBuilder) => void = () => {}): Promise<number[]> =>
    db('things').modify(scope).modify(compileFiql(query, FIELDS)).orderBy('id').pluck('id');

  describe('string fields', () => {
    it.each([
      ['name==alpha', [1]],
      ['name==ALPHA', [1]],
      ['name=="Beta"', [3]],
      ['name==Ärger', [9]],
      ['name==alpha*', [1, 2]],
      ['name==*ET', [2]],
      ['name==*ta', [3]],
      ['name==a*t', [2]],
      ['name==*', except(4)],
      ['name==50%_off', [5]],
      ['name==50%_*', [5]],
      ['name==50__off', []],
      ['name==50*off', [5, 6]],
      ['name==star\\*name', [7]],
      ['name==star\\**', [7]],
      ['name==star*', [7, 8]],
      ['name!=alpha', except(1)],
      ['name!=ALPHA*', except(1, 2)],
      ['name=in=(ALPHA,beta,nothing)', [1, 3]],
      ['name=out=(alpha,BETA)', except(1, 3)],
      ['name==""', [4, 10]],
      ['name!=""', except(4, 10)],
      ["name==\"' or '1'='1\"", []],
    ])('%s', async (query, expected) => {
      expect(await ids(query)).toEqual(expected);
    });

    it.each([
      ['name=lt=b', [1, 2]],
      ['name=le=ALPHA', [1]],
      ['name=gt=alpha', [2, 3]],
      ['name=ge=ALPHABET', [2, 3]],
    ])('compares %s lexically, ignoring case', async (query, expected) => {
      expect(await ids(`${query};size=ge=10`)).toEqual(expected);
    });
  });

  describe('integer fields', () => {
    it.each([
      ['size==10', [1]],
      ['size!=10', except(1)],
      ['size=lt=0', [5]],
      ['size=le=0', [5, 6]],
      ['size=gt=20', [3]],
      ['size=ge=+20', [2, 3]],
      ['size=lt=-1', [5]],
      ['size=in=(10,30,99)', [1, 3]],
      ['size=out=(10,30)', except(1, 3)],
      [`createdAt=ge=${T + 8}`, [9, 10]],
      [`CREATED_AT==${T}`, [1]],
    ])('%s', async (query, expected) => {
      expect(await ids(query)).toEqual(expected);
    });
  });

  describe('boolean fields', () => {
    it.each([
      ['enabled==true', [1, 3, 6, 7, 8, 9, 10]],
      ['enabled==FALSE', [2, 5]],
      ['enabled!=true', [2, 4, 5]],
    ])('%s', async (query, expected) => {
      expect(await ids(query)).toEqual(expected);
    });
  });

  describe('enum fields', () => {
    it.each([
      ['status==READY', [1, 4, 5, 7, 8, 9, 10]],
      ['status!=ready', [2, 3, 6]],
      ['status=in=(Error,PENDING)', [2, 3, 6]],
      ['status=out=(ready,error)', [3]],
    ])('%s', async (query, expected) => {
      expect(await ids(query)).toEqual(expected);
    });
  });

  describe('a condition field over a join table', () => {
    it.each([
      ['tag==prod', [1, 5]],
      ['tag==PROD*', [1, 2, 5]],
      ['tag==dev', [3]],
      ['tag!=prod', except(1, 5)],
      ['tag=in=(eu,dev)', [1, 3]],
      ['tag=out=(prod,dev)', except(1, 3, 5)],
      ['tag==prod;tag==eu', [1]],
      ['tag==eu,name==beta', [1, 3]],
    ])('%s', async (query, expected) => {
      expect(await ids(query)).toEqual(expected);
    });
  });

  describe('a related field', () => {
    it.each([
      ['label==prod', [1, 5]],
      ['label==PROD*', [1, 2, 5]],
      ['label!=prod', except(1, 5)],
      ['label!=prod*', except(1, 2, 5)],
      ['label=in=(eu,DEV)', [1, 3]],
      ['label=in=(prod*)', []],
      ['label=out=(prod,dev)', except(1, 3, 5)],
      ['label==prod;label==eu', [1]],
      ['label=gt=pro', [1, 2, 5]],
      ['label==""', except(1, 2, 3, 5)],
      ['label!=""', [1, 2, 3, 5]],
    ])('over a join table: %s', async (query, expected) => {
      expect(await ids(query)).toEqual(expected);
    });

    it.each([
      ['owner.name==ann', [1]],
      ['OWNER.NAME==b*', [2, 3]],
      ['owner.name!=ann', except(1)],
      ['owner.name=out=(ann,bob)', except(1, 2, 3)],
      ['owner.name==""', except(1, 2, 3)],
      ['owner.name!=""', [1, 2, 3]],
    ])('to one row: %s', async (query, expected) => {
      expect(await ids(query)).toEqual(expected);
    });

    it.each([
      ['meta.region==EU', [1]],
      ['meta.REGION==*', [1, 2]],
      ['meta.tier==gold;meta.region==eu', [1]],
      ['meta.region!=eu', [2, 3]],
      ['meta.region=out=(us)', [1, 3]],
      ['meta.region=in=(eu,us)', [1, 2]],
      ['meta.region==""', except(1, 2)],
      ['meta.region!=""', [1, 2]],
      ['meta.nothing==x', []],
      ['meta.nothing!=x', []],
      ['meta.a.b==x', []],
    ])('as a map entry: %s', async (query, expected) => {
      expect(await ids(query)).toEqual(expected);
    });

    it.each(['meta==x', 'meta.==x', 'owner==ann', 'owner.id==1'])('refuses %s as an invalid field', (query) => {
      expect(() => compileFiql(query, FIELDS)).toThrow(expect.objectContaining({ code: ErrorCode.rsqlInvalidField }));
    });
  });

  describe('=is=, =not= and their aliases =eq=, =ne= (hawkBit: the bare value null is SQL NULL)', () => {
    it.each([
      ['name=is=null', [4]],
      ['name=eq=null', [4]],
      ['name=not=null', except(4)],
      ['name=ne=null', except(4)],
      ['name=is="null"', [4]],
      ['name=is=NULL', []],
      ['name==null', []],
      ['name=is=alpha*', [1, 2]],
      ['name=not=ALPHA', except(1)],
      ['name=is=""', [4, 10]],
      ['size=is=null', [4]],
      ['size=not=null', except(4)],
      ['size=eq=10', [1]],
      ['enabled=is=null', [4]],
      ['enabled=ne=true', [2, 4, 5]],
      ['status=is=null', []],
      ['status=not=null', ALL],
      ['status=is=ERROR', [2, 6]],
      ['tag=is=null', []],
      ['tag=not=null', ALL],
      ['label=is=null', except(1, 2, 3, 5)],
      ['label=not=null', [1, 2, 3, 5]],
      ['label=not=prod', except(1, 5)],
      ['owner.name=is=null', except(1, 2, 3)],
      ['owner.name=not=null', [1, 2, 3]],
      ['meta.region=is=null', except(1, 2)],
      ['meta.region=not=null', [1, 2]],
      ['meta.region=eq=eu', [1]],
      ['meta.region=ne=eu', [2, 3]],
      ['name=is=null,size==10', [1, 4]],
    ])('%s', async (query, expected) => {
      expect(await ids(query)).toEqual(expected);
    });

    it.each(['name=is=(a,b)', 'size=is=x', 'enabled=not=maybe', 'name=like=x'])('refuses %s as a syntax error', (query) => {
      expect(() => compileFiql(query, FIELDS)).toThrow(expect.objectContaining({ code: ErrorCode.rsqlParamSyntax }));
    });

    it('names the operator as written when it refuses a list', () => {
      expect(() => compileFiql('name=ne=(a,b)', FIELDS)).toThrow('Operator {=ne=} on {name} takes exactly one value');
    });
  });

  describe('logic', () => {
    it.each([
      ['name==alpha,name==beta;size==30', [1, 3]],
      ['name==alpha,name==beta;size==20', [1]],
      ['name==alpha or name==beta and size==20', [1]],
      ['(name==alpha,name==beta);size==30', [3]],
      ['(name==alpha,name==beta) and size==10', [1]],
      ['size=ge=0;(enabled==false,(status==error;tag!=prod))', [2, 6]],
      ['Name==BETA,SIZE==10', [1, 3]],
    ])('%s', async (query, expected) => {
      expect(await ids(query)).toEqual(expected);
    });

    it('keeps an OR inside the caller’s own conditions', async () => {
      expect(await ids('name==beta,name==alpha', (builder) => void builder.where('id', '<', 3))).toEqual([1]);
    });
  });
});
