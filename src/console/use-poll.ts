import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { errorMessage } from './api';

/** The console refreshes every view this often (README "Web console": every 5 seconds). */
export const POLL_INTERVAL_MS = 5000;

export interface Polled<T> {
  data: T | undefined;
  error: string | undefined;
  reload: () => void;
}

/**
 * Loads now, again whenever `deps` change, and every POLL_INTERVAL_MS. The previous data stays on screen
 * while a refresh runs, so the page keeps its scroll position and inputs; answers to superseded loads
 * are dropped.
 */
export function usePoll<T>(load: () => Promise<T>, deps: readonly unknown[]): Polled<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<string>();
  const generation = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  const reload = useCallback(() => {
    const mine = ++generation.current;
    loadRef.current().then(
      (result) => {
        if (mine !== generation.current) return;
        setData(result);
        setError(undefined);
      },
      (failure: unknown) => {
        if (mine === generation.current) setError(errorMessage(failure));
      },
    );
  }, []);

  useEffect(() => {
    reload();
    const timer = window.setInterval(reload, POLL_INTERVAL_MS);
    return () => {
      generation.current++;
      window.clearInterval(timer);
    };
  }, deps);

  return { data, error, reload };
}
