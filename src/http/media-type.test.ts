import { describe, expect, it } from 'vitest';
import { acceptsMediaType } from './media-type.js';

describe('acceptsMediaType', () => {
  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'Application/JSON;charset=UTF-8',
    ' application/json ',
    'application/hal+json',
    'application/vnd.hawkbit.v1+json; q=1',
    'application/merge-patch+json',
  ])('reads %j as JSON', (contentType) => expect(acceptsMediaType('json', contentType)).toBe(true));

  it.each([
    'text/plain',
    'text/json',
    'application/jsonx',
    'application/json-seq',
    'application/x-www-form-urlencoded',
    'multipart/form-data',
    'application/+json',
    'application/a/b+json',
    '',
  ])('does not read %j as JSON', (contentType) => expect(acceptsMediaType('json', contentType)).toBe(false));

  it.each([
    ['multipart/form-data; boundary=x', true],
    ['Multipart/Form-Data;boundary=x', true],
    ['multipart/mixed; boundary=x', false],
    ['application/json', false],
    ['text/plain', false],
  ])('reads %j as an upload form: %s', (contentType, accepted) => expect(acceptsMediaType('multipart', contentType)).toBe(accepted));
});
