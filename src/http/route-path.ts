/** Where a Hono route for an OpenAPI path matches, and what its parameters need afterwards. */
export interface RoutePath {
  /** the Hono path, `/rest/v1/targets/:targetId` */
  readonly path: string;
  /** a last parameter written with a literal suffix (`{fileName}.MD5SUM`): its value loses the suffix */
  readonly suffixed?: { readonly parameter: string; readonly suffix: string };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The Hono route of an OpenAPI path template, where `{name}` is one path segment. A last segment
 * `{name}<suffix>` (hawkBit's `…/artifacts/{fileName}.MD5SUM`) matches names ending in the suffix, and
 * the parameter is the part before it; the plain `{name}` of the same path, if `paths` has it, then
 * matches every other name, so the more specific operation wins as it does in Spring. File names may
 * contain dots: `x.swu.MD5SUM` is the checksum of `x.swu`.
 */
export function routePath(path: string, paths: readonly string[]): RoutePath {
  const segments = path.split('/');
  const last = segments.pop() ?? '';
  const head = segments.map((segment) => segment.replace(/^\{([^}]+)\}$/, ':$1')).join('/');
  const suffixed = /^\{([^}]+)\}(.+)$/.exec(last);
  if (suffixed) {
    const [, parameter = '', suffix = ''] = suffixed;
    return { path: `${head}/:${parameter}{[^/]+${escapeRegExp(suffix)}}`, suffixed: { parameter, suffix } };
  }
  const plain = /^\{([^}]+)\}$/.exec(last);
  if (!plain) return { path: `${head}/${last}` };
  const suffixes = paths
    .filter((other) => other.startsWith(path) && other.length > path.length && !other.slice(path.length).includes('/'))
    .map((other) => escapeRegExp(other.slice(path.length)));
  if (suffixes.length === 0) return { path: `${head}/:${plain[1]}` };
  return { path: `${head}/:${plain[1]}{(?![^/]*(?:${suffixes.join('|')})$)[^/]+}` };
}
