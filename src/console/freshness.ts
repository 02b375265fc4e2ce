import { useEffect, useState } from 'preact/hooks';

/** The console refreshes every view this often (README "Web console": every 5 seconds). */
export const POLL_INTERVAL_MS = 5000;

/** A request unanswered this long (two refresh periods) makes the data on screen overdue (decision 221). */
export const OVERDUE_MS = 2 * POLL_INTERVAL_MS;

/**
 * Every console request is given up after this long, so that a hung server, a blocked event loop or a proxy
 * holding the connection cannot keep a request open forever. Longer than OVERDUE_MS: a slow answer still
 * arrives (the page says it is overdue meanwhile), a lost one ends.
 */
export const REQUEST_DEADLINE_MS = 30_000;

/** What the console knows about the server's answers, from every request it sends. */
interface Answers {
  /** when the latest answer arrived (any status below 500) */
  answeredAt: number | undefined;
  /** since when requests fail (no answer, the deadline passed, or a 5xx), until the next answer */
  failingSince: number | undefined;
  /** start times of the requests still waiting for an answer */
  waiting: Set<{ since: number }>;
}

const record: Answers = { answeredAt: undefined, failingSince: undefined, waiting: new Set() };
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/**
 * Notes a request as it starts; the function returned notes its end: `true` for an answer, `false` for
 * none (or a 5xx, which says the server cannot answer either).
 */
export function requestStarted(): (answered: boolean) => void {
  const request = { since: Date.now() };
  record.waiting.add(request);
  return (answered) => {
    record.waiting.delete(request);
    if (answered) {
      record.answeredAt = Date.now();
      record.failingSince = undefined;
    } else {
      record.failingSince ??= Date.now();
    }
    changed();
  };
}

/** How fresh the data on screen is. */
export interface Freshness {
  /** when the latest answer arrived */
  answeredAt: number | undefined;
  /** since when the server has not answered (undefined while it does): the page is dimmed */
  silentSince: number | undefined;
}

function freshnessAt(now: number): Freshness {
  const oldest = Math.min(...[...record.waiting].map((request) => request.since));
  const overdue = now - oldest >= OVERDUE_MS;
  if (record.failingSince === undefined && !overdue) return { answeredAt: record.answeredAt, silentSince: undefined };
  return { answeredAt: record.answeredAt, silentSince: record.answeredAt ?? Math.min(record.failingSince ?? oldest, oldest) };
}

/**
 * The console-wide freshness, shown in the header of every view: re-read on every answer or failure, and
 * every second, so that a request nobody answers turns the page overdue on time.
 */
export function useFreshness(): Freshness {
  const [state, setState] = useState(() => freshnessAt(Date.now()));
  useEffect(() => {
    const update = () =>
      setState((previous) => {
        const next = freshnessAt(Date.now());
        return next.answeredAt === previous.answeredAt && next.silentSince === previous.silentSince ? previous : next;
      });
    listeners.add(update);
    const ticker = window.setInterval(update, 1000);
    update();
    return () => {
      listeners.delete(update);
      window.clearInterval(ticker);
    };
  }, []);
  return state;
}
