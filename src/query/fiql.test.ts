import knexFactory from 'knex';
import { afterAll, describe, expect, it } from 'vitest';
import { DomainError, ErrorCode } from '../errors.js';
import { compileFiql, FIQL_LIMITS, likePattern, type FiqlFields, type FiqlOperator } from './fiql.js';

const knex = knexFactory({ client: 'better-sqlite3', useNullAsDefault: true, connection: { filename: ':memory:' } });
afterAll(() => knex.destroy());

const FIELDS: FiqlFields = {
  name: { column: 'things.name', kind: 'string' },
  size: { column: 'things.size', kind: 'integer' },
  enabled: { column: 'things.enabled', kind: 'boolean' },
  status: { column: 'things.status', kind: 'string', values: ['Ready', 'error'] },
  controllerid: { column: 'things.controller_id', kind: 'string' },
};

/** The WHERE clause a query compiles to, after the caller's own `tenant = ?`. */
function where(query: string, fields: FiqlFields = FIELDS): { sql: string; bindings: readonly unknown[] } {
  const builder = knex('things').where('tenant', 't1');
  compileFiql(query, fields)(builder);
  const { sql, bindings } = builder.toSQL();
  return { sql: sql.replace('select * from `things` where `tenant` = ? and ', ''), bindings: bindings.slice(1) };
}

function failure(query: string): DomainError {
  try {
    compileFiql(query, FIELDS);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error(`${query} compiled`);
}

describe('compileFiql errors', () => {
  it.each([
    ['name==', 'Unexpected end in "name=="'],
    ['name=x', "Unexpected character '=' at position 5"],
    ['(name==a', 'Did you forget to close parenthesis at position 1?'],
    ['', 'Cannot parse empty string'],
    ['name==a b', "Unexpected character 'b'"],
    ['name==a;', 'Unexpected end'],
  ])('rejects the malformed %j with the parser explanation', (query, explanation) => {
    const error = failure(query);
    expect(error.code).toBe(ErrorCode.rsqlParamSyntax);
    expect(error.message).toContain(explanation);
  });

  it.each(['name=li=a', 'name=foo=a', 'size=like=1'])('rejects the unsupported operator in %s', (query) => {
    const error = failure(query);
    expect(error.code).toBe(ErrorCode.rsqlParamSyntax);
    expect(error.message).toContain(query.slice(query.indexOf('='), query.lastIndexOf('=') + 1));
  });

  it('names an unknown field and lists the valid ones', () => {
    const error = failure('name==a;colour==red');
    expect(error.code).toBe(ErrorCode.rsqlInvalidField);
    expect(error.message).toContain('{colour}');
    expect(error.message).toContain('[name, size, enabled, status, controllerid]');
  });

  it('does not take inherited object properties for fields', () => {
    expect(failure('constructor==x').code).toBe(ErrorCode.rsqlInvalidField);
    expect(failure('__proto__==x').code).toBe(ErrorCode.rsqlInvalidField);
  });

  it.each(['size==abc', 'size==1.5', 'size==1e3', 'size==*', 'size==1*', 'size=in=(1,x)', 'size==9007199254740993'])('rejects the non-integer in %s', (query) =>
    expect(failure(query).code).toBe(ErrorCode.rsqlParamSyntax),
  );

  it.each(['enabled==yes', 'enabled==1', 'enabled==tru*', 'enabled=gt=false', 'enabled=in=(true)'])('rejects the boolean comparison %s', (query) =>
    expect(failure(query).code).toBe(ErrorCode.rsqlParamSyntax),
  );

  it.each(['status==unknown', 'status==read*', 'status=in=(ready,nope)'])(
    'rejects the value outside the enum in %s, as hawkBit does, naming the allowed values',
    (query) => {
      const error = failure(query);
      expect(error.code).toBe(ErrorCode.rsqlInvalidField);
      expect(error.message).toContain('[Ready, error]');
    },
  );

  it.each(['status=lt=ready', 'status>=error'])('rejects the ordering %s on an enum field, as hawkBit does', (query) => {
    expect(failure(query).code).toBe(ErrorCode.rsqlParamSyntax);
  });

  it('rejects a list where one value is expected', () => {
    expect(failure('name==(a,b)').code).toBe(ErrorCode.rsqlParamSyntax);
  });
});

describe('compileFiql limits', () => {
  const nested = (levels: number) => '(name==a;'.repeat(levels) + 'name==b' + ')'.repeat(levels);
  const terms = (count: number) => Array.from({ length: count }, (_, index) => `size==${index}`).join(',');
  const list = (count: number) => `name=in=(${Array.from({ length: count }, (_, index) => `v${index}`).join(',')})`;

  it.each([
    ['parentheses', nested(FIQL_LIMITS.depth), nested(FIQL_LIMITS.depth + 1)],
    ['comparisons', terms(FIQL_LIMITS.comparisons), terms(FIQL_LIMITS.comparisons + 1)],
    ['values', list(FIQL_LIMITS.values), list(FIQL_LIMITS.values + 1)],
  ])('takes as many %s as the limit and refuses one more', (_what, atLimit, beyond) => {
    expect(() => compileFiql(atLimit, FIELDS)).not.toThrow();
    expect(failure(beyond).code).toBe(ErrorCode.rsqlParamSyntax);
  });

  it("counts a value list's parentheses as a level", () => {
    expect(failure(`${'('.repeat(FIQL_LIMITS.depth)}name=in=(a)${')'.repeat(FIQL_LIMITS.depth)}`).message).toContain('deep');
  });

  it('refuses 100,000 nested parentheses before parsing them', () => {
    expect(failure(`${'('.repeat(100_000)}name==a${')'.repeat(100_000)}`).message).toContain(`more than ${FIQL_LIMITS.depth} deep`);
  });

  it.each([`name=='${'('.repeat(40)}'`, `name=="${'('.repeat(40)}"`, `name=="a\\"${'('.repeat(40)}"`])(
    'counts no parenthesis inside the quoted value of %s',
    (query) => expect(() => compileFiql(query, FIELDS)).not.toThrow(),
  );
});

describe('compileFiql SQL', () => {
  it('binds every value and keeps SQL fragments out of the statement', () => {
    const { sql, bindings } = where(`name=="' or 1=1 --";controllerId=="x\\"); drop table things; --"`);
    expect(sql).toBe('(lower(`things`.`name`) = lower(?) and lower(`things`.`controller_id`) = lower(?))');
    expect(bindings).toEqual(["' or 1=1 --", 'x"); drop table things; --']);
  });

  it('keeps knex placeholders inside values as data', () => {
    expect(where('name==??')).toEqual({ sql: 'lower(`things`.`name`) = lower(?)', bindings: ['??'] });
  });

  it('matches field names case-insensitively', () => {
    expect(where('NAME==a').sql).toBe('lower(`things`.`name`) = lower(?)');
    expect(where('ControllerId==a').sql).toBe('lower(`things`.`controller_id`) = lower(?)');
  });

  it('lets AND bind tighter than OR', () => {
    expect(where('name==a,size==2;size==3')).toEqual({
      sql: '(lower(`things`.`name`) = lower(?) or (`things`.`size` = ? and `things`.`size` = ?))',
      bindings: ['a', 2, 3],
    });
    expect(where('name==a and size==2 or size==3').sql).toBe('((lower(`things`.`name`) = lower(?) and `things`.`size` = ?) or `things`.`size` = ?)');
  });

  it('respects parentheses', () => {
    expect(where('(name==a,size==2);size==3').sql).toBe('((lower(`things`.`name`) = lower(?) or `things`.`size` = ?) and `things`.`size` = ?)');
    expect(where('size==1;(size==2,(size==3;size==4))').sql).toBe(
      '(`things`.`size` = ? and (`things`.`size` = ? or (`things`.`size` = ? and `things`.`size` = ?)))',
    );
  });

  it('flattens runs of one operator into one group', () => {
    expect(where('size==1,size==2,size==3').sql).toBe('(`things`.`size` = ? or `things`.`size` = ? or `things`.`size` = ?)');
  });

  it('keeps the whole query one term of the caller’s conditions', () => {
    const builder = knex('things').where('tenant', 't1');
    compileFiql('size==1,size==2', FIELDS)(builder);
    builder.where('deleted', false);
    expect(builder.toSQL().sql).toBe('select * from `things` where `tenant` = ? and (`things`.`size` = ? or `things`.`size` = ?) and `deleted` = ?');
  });

  it('accepts the symbolic spellings of the comparison operators', () => {
    expect(where('size<1;size<=2;size>3;size>=4').sql).toBe('(`things`.`size` < ? and `things`.`size` <= ? and `things`.`size` > ? and `things`.`size` >= ?)');
  });

  it('turns unescaped stars into LIKE wildcards and escapes LIKE metacharacters', () => {
    expect(where('name==*b%c_')).toEqual({
      sql: "lower(`things`.`name`) like lower(?) escape '\\'",
      bindings: ['%b\\%c\\_'],
    });
    expect(where('name==a\\*b')).toEqual({ sql: 'lower(`things`.`name`) = lower(?)', bindings: ['a*b'] });
  });

  // decision 250: SQLite reads an index of lower(name) for the range, not for the LIKE
  it('bounds a leading literal by a range of the lower-cased column on SQLite, not on PostgreSQL', () => {
    expect(where('name==A\\*b%*c')).toEqual({
      sql: "(lower(`things`.`name`) like lower(?) escape '\\' and lower(`things`.`name`) >= ? and lower(`things`.`name`) < ?)",
      bindings: ['A*b\\%%c', 'a*b%', 'a*b&'],
    });
    expect(where('name==z\u{10ffff}*').sql).toBe("(lower(`things`.`name`) like lower(?) escape '\\' and lower(`things`.`name`) >= ?)");
    const pg = knexFactory({ client: 'pg' });
    const builder = pg('things');
    compileFiql('name==ab*', FIELDS)(builder);
    expect(builder.toSQL().sql).toBe('select * from "things" where lower("things"."name") like lower(?) escape \'\\\'');
  });

  it('lets != and =out= match NULL', () => {
    expect(where('name!=a').sql).toBe('(`things`.`name` is null or lower(`things`.`name`) <> lower(?))');
    expect(where('name!=a*').sql).toBe("(`things`.`name` is null or not lower(`things`.`name`) like lower(?) escape '\\')");
    expect(where('size=out=(1,2)')).toEqual({
      sql: '(`things`.`size` is null or `things`.`size` not in (?, ?))',
      bindings: [1, 2],
    });
  });

  it('reads an empty value as null or empty, as hawkBit does', () => {
    expect(where('name==""')).toEqual({ sql: "(`things`.`name` is null or `things`.`name` = '')", bindings: [] });
    expect(where("name!=''").sql).toBe("(`things`.`name` is not null and `things`.`name` <> '')");
  });

  it('compares enum values in their stored lower case, without lower() on the column', () => {
    expect(where('status=in=(READY,Error)')).toEqual({ sql: '`things`.`status` in (?, ?)', bindings: ['ready', 'error'] });
  });

  it('binds booleans and integers as such', () => {
    expect(where('enabled==TRUE;size=ge=-3')).toEqual({
      sql: '(`things`.`enabled` = ? and `things`.`size` >= ?)',
      bindings: [true, -3],
    });
  });

  it('hands a condition field its operator and validated values, inside a group of its own', () => {
    const calls: { operator: FiqlOperator; values: readonly string[] }[] = [];
    const fields: FiqlFields = {
      ...FIELDS,
      state: {
        kind: 'string',
        values: ['Up', 'down'],
        condition: (builder, comparison) => {
          calls.push(comparison);
          builder.where('a', 1).orWhere('b', 2);
        },
      },
    };
    expect(where('size==1,state=out=(UP,Down)', fields).sql).toBe('(`things`.`size` = ? or (`a` = ? or `b` = ?))');
    expect(where('state<up', fields).sql).toBe('(`a` = ? or `b` = ?)');
    expect(calls).toEqual([
      { operator: '=out=', values: ['up', 'down'] },
      { operator: '=lt=', values: ['up'] },
    ]);
  });
});

describe('compileFiql related and keyed fields', () => {
  const fields: FiqlFields = {
    ...FIELDS,
    tag: { column: 't.name', kind: 'string', related: { owner: 'things.id', key: 't.thing_id', rows: (sub) => void sub.from('tags as t') } },
    meta: {
      kind: 'string',
      keyed: (key) => ({
        column: 'm.value',
        kind: 'string',
        entry: true,
        related: { owner: 'things.id', key: 'm.thing_id', rows: (sub) => void sub.from('meta as m').where('m.key', key) },
      }),
    },
  };

  it('compares inside an uncorrelated IN subquery, and negates it for != and =out= keeping rows without related rows', () => {
    expect(where('tag==a*', fields)).toEqual({
      sql: "(`things`.`id` in (select `t`.`thing_id` from `tags` as `t` where lower(`t`.`name`) like lower(?) escape '\\'))",
      bindings: ['a%'],
    });
    expect(where('tag!=a', fields).sql).toBe(
      '(`things`.`id` is null or `things`.`id` not in (select `t`.`thing_id` from `tags` as `t` where lower(`t`.`name`) = lower(?) and `t`.`thing_id` is not null))',
    );
    expect(where('tag=out=(a,b)', fields).sql).toBe(
      '(`things`.`id` is null or `things`.`id` not in (select `t`.`thing_id` from `tags` as `t` where lower(`t`.`name`) in (lower(?), lower(?)) and `t`.`thing_id` is not null))',
    );
  });

  it('runs one subquery per comparison however many rows are queried: 256 tag comparisons stay 256 IN lists', () => {
    const { sql } = where(Array.from({ length: 256 }, (_, index) => `tag==t${index}`).join(','), fields);
    expect(sql.match(/`things`\.`id` in \(select/g)).toHaveLength(256);
    expect(sql).not.toContain('exists');
  });

  it('keeps != of a map entry inside the entry’s subquery', () => {
    expect(where('meta.Color!=red', fields)).toEqual({
      sql: '(`things`.`id` in (select `m`.`thing_id` from `meta` as `m` where `m`.`key` = ? and (`m`.`value` is null or lower(`m`.`value`) <> lower(?))))',
      bindings: ['Color', 'red'],
    });
  });

  it('names a keyed field that lacks its key, and lists the family as <name>.<key>', () => {
    expect(() => compileFiql('meta==x', fields)).toThrow(/needs a key: meta\.<key>/);
    expect(() => compileFiql('colour==x', fields)).toThrow(/\[name, size, enabled, status, controllerid, tag, meta\.<key>\]/);
  });
});

describe('likePattern', () => {
  it.each([
    ['plain', 'plain'],
    ['*a*b*', '%a%b%'],
    ['a\\*b*', 'a*b%'],
    ['50%_off', '50\\%\\_off'],
    ['c:\\dir', 'c:\\\\dir'],
  ])('turns %j into %j', (value, pattern) => expect(likePattern(value)).toBe(pattern));
});
