import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, errorMessage } from './api';
import { POLL_INTERVAL_MS } from './freshness';

export interface Polled<T> {
  /** the latest answer, possibly to earlier `deps` while a new load runs (see `current`) */
  data: T | undefined;
  /** whether `data` answers the current `deps` */
  current: boolean;
  /** why the latest load failed, while it does */
  error: string | undefined;
  /** the server is unreachable or failing (network error, 5xx): `data` is stale */
  stale: boolean;
  reload: () => void;
}

/**
 * Loads now, again whenever `deps` change, and every POLL_INTERVAL_MS. The previous data stays on screen
 * while a refresh runs, so the page keeps its scroll position and inputs; answers to superseded loads
 * are dropped; while a load is on its way, the next period waits for it. A request the server refuses (4xx) is not repeated until `deps` change or `reload` is
 * called: asking again would be refused again.
 */
export function usePoll<T>(load: () => Promise<T>, deps: readonly unknown[]): Polled<T> {
  const key = JSON.stringify(deps);
  const [answer, setAnswer] = useState<{ key: string; data: T }>();
  const [failure, setFailure] = useState<{ key: string; error: ApiError }>();
  const generation = useRef(0);
  const refused = useRef(false);
  const loadRef = useRef(load);
  loadRef.current = load;

  // the generation of the load still on its way, or 0: a hung server gets one request of the view, not one per period
  const inFlight = useRef(0);

  const run = useCallback((mine: number, loadKey: string) => {
    inFlight.current = mine;
    const settled = () => {
      if (inFlight.current === mine) inFlight.current = 0;
    };
    loadRef.current().then(
      (result) => {
        settled();
        if (mine !== generation.current) return;
        setAnswer({ key: loadKey, data: result });
        setFailure(undefined);
      },
      (problem: unknown) => {
        settled();
        const error = problem instanceof ApiError ? problem : new ApiError(errorMessage(problem), 0);
        if (mine !== generation.current) return;
        if (error.refused) refused.current = true;
        setFailure({ key: loadKey, error });
      },
    );
  }, []);

  const reload = useCallback(() => {
    refused.current = false;
    run(++generation.current, key);
  }, [key]);

  useEffect(() => {
    refused.current = false;
    run(++generation.current, key);
    const timer = window.setInterval(() => {
      if (!refused.current && inFlight.current === 0) run(++generation.current, key);
    }, POLL_INTERVAL_MS);
    return () => {
      generation.current++;
      window.clearInterval(timer);
    };
  }, [key]);

  const error = failure?.key === key ? failure.error : undefined;
  return { data: answer?.data, current: answer?.key === key, error: error?.message, stale: error?.unreachable ?? false, reload };
}
