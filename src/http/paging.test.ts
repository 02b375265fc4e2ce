import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../errors.js';
import { DEFAULT_LIMIT, MAX_LIMIT, pagedList, pageRequest } from './paging.js';

const FIELDS = { id: 't.id', name: 't.name', controllerid: 't.controller_id' };
const DEFAULT = [{ column: 't.id', direction: 'asc' as const }];
const codeOf = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return undefined;
};

describe('pageRequest', () => {
  it.each([
    [{}, 0, DEFAULT_LIMIT],
    [{ offset: 20, limit: 10 }, 20, 10],
    [{ offset: -5, limit: 0 }, 0, DEFAULT_LIMIT],
    [{ limit: 501 }, 0, MAX_LIMIT],
    [{ limit: 500 }, 0, 500],
  ])('pages %j as offset %i, limit %i (hawkBit clamps, never refuses)', (query, offset, limit) => {
    expect(pageRequest(query, FIELDS, DEFAULT)).toEqual({ offset, limit, sort: DEFAULT });
  });

  it('parses several sort terms, field names and directions case-insensitively', () => {
    expect(pageRequest({ sort: 'NAME:desc, controllerId:ASC' }, FIELDS, DEFAULT).sort).toEqual([
      { column: 't.name', direction: 'desc' },
      { column: 't.controller_id', direction: 'asc' },
    ]);
  });

  it.each([
    ['name', ErrorCode.sortParamSyntax],
    ['name:asc:x', ErrorCode.sortParamSyntax],
    ['colour:asc', ErrorCode.sortInvalidField],
    ['name:up', ErrorCode.sortInvalidDirection],
    ['name:asc,', ErrorCode.sortParamSyntax],
    ['constructor:asc', ErrorCode.sortInvalidField],
    ['__proto__:asc', ErrorCode.sortInvalidField],
    ['toString:desc', ErrorCode.sortInvalidField],
  ])('refuses sort=%s with %s', (sort, code) => {
    expect(codeOf(() => pageRequest({ sort }, FIELDS, DEFAULT))).toBe(code);
  });
});

describe('pagedList', () => {
  it('wraps a page in hawkBit envelope', () => {
    expect(pagedList({ rows: [{ id: 1 }, { id: 2 }], total: 7 })).toEqual({ content: [{ id: 1 }, { id: 2 }], total: 7, size: 2 });
    expect(pagedList({ rows: [1], total: 1 }, (id) => ({ id }))).toEqual({ content: [{ id: 1 }], total: 1, size: 1 });
  });
});
