import { useEffect, useState } from 'preact/hooks';

const BASE = '/ui';
const listeners = new Set<() => void>();

const currentPath = () => window.location.pathname.slice(BASE.length) || '/';

/** Client routes below /ui, kept in the address bar; the server answers every one with index.html. */
export function navigate(path: string): void {
  window.history.pushState(null, '', BASE + path);
  listeners.forEach((listener) => listener());
}

export const href = (path: string) => BASE + path;

/** The current route, e.g. `/targets/dev-1`, re-rendering on navigation and on back/forward. */
export function useRoute(): string {
  const [path, setPath] = useState(currentPath);
  useEffect(() => {
    const update = () => setPath(currentPath());
    listeners.add(update);
    window.addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return path;
}

/** A link that changes the route without reloading, and still opens in a new tab with a modifier key. */
export function followLink(event: MouseEvent, path: string): void {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  navigate(path);
}
