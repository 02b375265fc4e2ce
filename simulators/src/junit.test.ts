import { describe, expect, it } from 'vitest';
import { junitXml } from './junit.js';

describe('JUnit XML', () => {
  it('writes one suite, a test case per entry, failures with their message and details, all escaped', () => {
    const xml = junitXml({
      name: 'falconet-sim <ci>',
      timestamp: '2026-11-21T12:00:00.000Z',
      seconds: 12.5,
      cases: [{ name: 'poll_p99_below' }, { name: 'no_stuck_devices', failure: '3 stuck & "late"\u0007', details: 'expected: 0\nactual: 3' }],
    });
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<testsuites name="falconet-sim &lt;ci&gt;" tests="2" failures="1" skipped="0" time="12.500">',
        '  <testsuite name="falconet-sim &lt;ci&gt;" tests="2" failures="1" errors="0" skipped="0" time="12.500" timestamp="2026-11-21T12:00:00.000Z">',
        '    <testcase classname="falconet-sim &lt;ci&gt;" name="poll_p99_below" time="0.000"/>',
        '    <testcase classname="falconet-sim &lt;ci&gt;" name="no_stuck_devices" time="0.000">',
        '      <failure message="3 stuck &amp; &quot;late&quot;">expected: 0\nactual: 3</failure>',
        '    </testcase>',
        '  </testsuite>',
        '</testsuites>',
        '',
      ].join('\n'),
    );
  });

  it('gives a case its own class name and counts a skipped case', () => {
    const xml = junitXml({
      name: 'falconet-sim check',
      timestamp: '2026-11-21T12:00:00.000Z',
      seconds: 1,
      cases: [
        { name: 'ddi.cancel.ack', classname: 'cancel', seconds: 0.25 },
        { name: 'ddi.confirm.required', classname: 'confirmation', skipped: 'the confirmation flow is off' },
      ],
    });
    expect(xml).toContain('<testsuite name="falconet-sim check" tests="2" failures="0" errors="0" skipped="1"');
    expect(xml).toContain('    <testcase classname="cancel" name="ddi.cancel.ack" time="0.250"/>');
    expect(xml).toContain(
      '    <testcase classname="confirmation" name="ddi.confirm.required" time="0.000">\n      <skipped message="the confirmation flow is off"/>\n    </testcase>',
    );
  });
});
