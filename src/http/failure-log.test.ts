import { pino } from 'pino';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFailureLog, type FailureLog } from './failure-log.js';

const MINUTE = 60_000;

describe('createFailureLog', () => {
  let now: number;
  let lines: Array<Record<string, unknown> & { msg: string; level: number }>;
  let failures: FailureLog;
  const logger = pino({ level: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) });
  const request = logger.child({ reqId: 'r-1' });
  const fail = (times: number, address = '192.0.2.1') => {
    for (let i = 0; i < times; i++) failures.record(request, address, { errorCode: 'unauthorized' });
  };

  beforeEach(() => {
    now = Date.UTC(2026, 10, 21, 12);
    lines = [];
    failures = createFailureLog({ surface: 'operator', intervalMs: MINUTE, clock: () => now, logger });
  });

  it('logs the first failure with its request, its fields and the client address', () => {
    fail(1);

    expect(lines).toEqual([
      expect.objectContaining({ level: 40, reqId: 'r-1', errorCode: 'unauthorized', clientAddress: '192.0.2.1', msg: 'operator authentication failed' }),
    ]);
  });

  it('counts further failures within the interval instead of logging each', () => {
    fail(1);
    now += MINUTE - 1;
    fail(500);
    failures.flush();

    expect(lines).toHaveLength(1);
  });

  it('writes the count once the interval has passed, then waits a full interval again', () => {
    fail(1);
    now += 10_000;
    fail(3, '192.0.2.1');
    fail(2, '198.51.100.7');
    now += MINUTE - 10_000;
    failures.flush();
    failures.flush();
    now += 30_000;
    fail(4);
    failures.flush();

    expect(lines.map((line) => line.msg)).toEqual([
      'operator authentication failed',
      '5 more operator authentication failures in the last 60 s (from 2 addresses)',
    ]);
    expect(lines[1]).toMatchObject({ level: 40, unlogged: { failures: 5, addresses: 2 } });
    expect(lines[1]).not.toHaveProperty('reqId');
  });

  it('folds the count into the line of the first failure after a quiet interval', () => {
    fail(1);
    fail(7, '203.0.113.9');
    now += 5 * MINUTE;
    fail(1);

    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ msg: 'operator authentication failed', unlogged: { failures: 7, addresses: 1 } });
  });

  it('writes nothing when nothing was left unlogged', () => {
    failures.flush();
    fail(1);
    now += 2 * MINUTE;
    failures.flush();

    expect(lines).toHaveLength(1);
  });
});
