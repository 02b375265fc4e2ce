import { useEffect, useState } from 'preact/hooks';

const BASE = '/ui';
const listeners = new Set<() => void>();

/** The route below /ui with its query string, e.g. `/targets?q=updateStatus%3D%3Derror&offset=20`. */
const currentLocation = () => (window.location.pathname.slice(BASE.length) || '/') + window.location.search;

/**
 * Client routes below /ui, kept in the address bar (query included, so a list's page and search survive a
 * reload and can be shared); the server answers every one with index.html. `replace` changes the current
 * history entry instead of adding one.
 */
export function navigate(path: string, replace = false): void {
  if (replace) window.history.replaceState(null, '', BASE + path);
  else window.history.pushState(null, '', BASE + path);
  listeners.forEach((listener) => listener());
}

export const href = (path: string) => BASE + path;

export interface Route {
  /** `/targets/dev-1` */
  path: string;
  query: URLSearchParams;
}

const parse = (location: string): Route => {
  const url = new URL(location, 'http://console');
  return { path: url.pathname, query: url.searchParams };
};

/** The current route, re-rendering on navigation and on back/forward. */
export function useRoute(): Route {
  const [location, setLocation] = useState(currentLocation);
  useEffect(() => {
    const update = () => setLocation(currentLocation());
    listeners.add(update);
    window.addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return parse(location);
}

/** A path with query parameters; empty values are left out. */
export function withQuery(path: string, parameters: Readonly<Record<string, string | number | undefined>>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(parameters)) if (value !== undefined && value !== '' && value !== 0) query.set(key, String(value));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** A link that changes the route without reloading, and still opens in a new tab with a modifier key. */
export function followLink(event: MouseEvent, path: string): void {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  navigate(path);
}
