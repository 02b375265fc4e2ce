import type { MiddlewareHandler } from 'hono';
import { DomainError, ErrorCode } from '../errors.js';
import type { AppEnv } from './app-env.js';

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

const refused = (message: string) => new DomainError(ErrorCode.bodyNotReadable, message);

/**
 * Refuses, before routing and authentication, a request target no client can mean (decision 32): a
 * percent-encoding that is malformed or not UTF-8 anywhere in it, a control character in the path, a
 * NUL in the query. Hono routes such a path with the undecodable bytes kept as they are, so
 * `/DEFAULT/controller/v1/bad%C3%28` would register a device literally named `bad%C3%28`; past this
 * check every path parameter Hono decodes is decoded strictly.
 */
export const requestFirewall: MiddlewareHandler<AppEnv> = async (c, next) => {
  const url = c.req.url;
  // The request's URL went through the WHATWG URL parser, which percent-encodes every control and
  // non-ASCII character: without a '%' there is nothing to check. That is all a device poll costs.
  if (url.includes('%')) checkEncodings(url.slice(url.indexOf('/', url.indexOf('//') + 2)));
  await next();
};

function checkEncodings(target: string): void {
  const queryStart = target.indexOf('?');
  const path = decodedStrictly(queryStart === -1 ? target : target.slice(0, queryStart), 'path');
  if (CONTROL_CHARACTER.test(path)) throw refused('The request path contains a control character');
  if (queryStart !== -1 && decodedStrictly(target.slice(queryStart + 1), 'query').includes('\0')) {
    throw refused('The query contains a NUL character');
  }
}

/** decodeURIComponent throws for a stray '%' and for bytes that are not UTF-8, lone surrogates included. */
function decodedStrictly(text: string, part: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw refused(`The request ${part} is not validly percent-encoded UTF-8`);
  }
}
