import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases.js';
import { send, idOf, setPollTime, type Json } from '../support/target-fixtures.js';
import { basicAuth, startTestApp, TEST_PASSWORD, TEST_USERNAME, type TestApp } from '../support/test-app.js';
import { buildConsole, chromiumSkipReason, launchChromium, listen, recordProblems, screenshot, SCREENSHOTS_WANTED, VIEWPORTS } from './browser.js';
import { device, seedFleet } from './fleet.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';

// What an operator asks the console first (which devices failed, which are in a group, why a rollout is
// paused), its URLs, its honesty about stale data, and the bugs B1–B5 of issue 18.
const skipReason = chromiumSkipReason();
if (skipReason) console.warn(`web console browser tests skipped: ${skipReason}`);

const POLL_WAIT = { timeout: 12_000, interval: 250 };
const AUTH = { headers: { authorization: basicAuth() } };

describe.skipIf(skipReason !== undefined).each(DATABASE_KINDS)('the operator console in chromium on %s', { timeout: 60_000 }, (kind) => {
  let t: TestApp;
  let browser: Browser;
  let server: { url: string; close: () => Promise<void> };
  let removeBuild: () => void;
  let fleet: Awaited<ReturnType<typeof seedFleet>>;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    const built = await buildConsole();
    removeBuild = built.remove;
    t = await startTestApp(kind, { rollout_approval_enabled: true, 'webhooks.allow_private_destinations': true }, { consoleAssets: built.assets });
    fleet = await seedFleet(t);
    server = await listen(t);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await t?.close();
    removeBuild?.();
  });
  beforeEach(async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    page = await context.newPage();
    problems = recordProblems(page);
  });
  afterEach(async () => {
    await context.close();
  });

  const text = (selector: string) => page.locator(selector).first().innerText();
  const main = () => text('main');
  const path = () => decodeURIComponent(page.url().slice(server.url.length));
  const api = async <T = Json>(url: string, init: RequestInit = AUTH) => {
    const response = await t.request(url, init);
    expect(response.status, url).toBeLessThan(300);
    return response.status === 204 ? (undefined as T) : ((await response.json()) as T);
  };
  // problems the tests provoke on purpose: refused queries, failed requests they intercept
  const unexpected = (allowed: RegExp) => problems.filter((problem) => !allowed.test(problem));

  async function logIn() {
    await page.goto(`${server.url}/ui/`);
    await page.getByLabel('Username').fill(TEST_USERNAME);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  }
  const rows = (name: string) => page.getByRole('table', { name }).locator('tbody tr');
  const columnTexts = async (name: string, column: number) => rows(name).locator(`td:nth-child(${column})`).allInnerTexts();

  it('answers "which devices failed?" from the dashboard: every counter and status bar opens its list, as a URL that reloads', async () => {
    await logIn();
    await page.getByRole('link', { name: 'Active actions: 1' }).click();
    await page.getByRole('heading', { name: 'Actions', exact: true }).waitFor();
    expect(path()).toBe('/ui/actions?q=status==pending');
    await expect.poll(() => columnTexts('Actions', 2), POLL_WAIT).toEqual(['gw-berlin-01']);
    expect(await rows('Actions').first().innerText()).toContain('gateway-image:2.1.0');

    await page.goBack();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.locator('[data-status="error"] rect').click();
    expect(path()).toBe('/ui/targets?q=updateStatus==error');
    await expect.poll(() => columnTexts('Targets', 1), POLL_WAIT).toEqual(['gw-paris-04']);
    await page.reload();
    await expect.poll(() => columnTexts('Targets', 1), POLL_WAIT).toEqual(['gw-paris-04']);
    expect(await page.getByRole('searchbox', { name: 'FIQL filter' }).inputValue()).toBe('updateStatus==error');

    await page.goto(`${server.url}/ui/`);
    await page.getByRole('link', { name: 'Targets: 24' }).click();
    await expect.poll(() => text('.pager'), POLL_WAIT).toContain('1–20 of 24');
    expect(problems).toEqual([]);
  });

  it('opens the targets of a tag, of a filter and of a distribution set', async () => {
    await logIn();
    await page.goto(`${server.url}/ui/tags`);
    await page.getByRole('link', { name: '2 tagged field-test' }).click();
    expect(path()).toBe('/ui/targets?q=tag=="field-test"');
    await expect.poll(() => columnTexts('Targets', 1), POLL_WAIT).toEqual(['gw-berlin-01', 'gw-paris-01']);

    await page.goto(`${server.url}/ui/targetfilters`);
    await page.getByRole('link', { name: 'Targets matching berlin' }).click();
    expect(path()).toBe('/ui/targets?q=group==eu/berlin');
    await expect.poll(() => rows('Targets').count(), POLL_WAIT).toBe(8);

    await page.goto(`${server.url}/ui/distributionsets`);
    await page
      .getByRole('row', { name: /2\.0\.0/ })
      .getByRole('link', { name: 'installed' })
      .click();
    expect(path()).toBe('/ui/targets?q=installedDS.name=="gateway-image";installedDS.version=="2.0.0"');
    await expect.poll(() => rows('Targets').count(), POLL_WAIT).toBe(6);
    expect(problems).toEqual([]);
  });

  it('keeps page, sort and plain-text search in the URL; Back returns to the same page', async () => {
    await logIn();
    await page.goto(`${server.url}/ui/targets`);
    await expect.poll(() => text('.pager'), POLL_WAIT).toContain('1–20 of 24');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => text('.pager'), POLL_WAIT).toContain('21–24 of 24');
    expect(path()).toBe('/ui/targets?offset=20');
    const secondPage = await columnTexts('Targets', 1);

    await page.getByRole('link', { name: secondPage[0] as string }).click();
    await page.getByRole('heading', { name: new RegExp(`Target ${secondPage[0]}`) }).waitFor();
    await page.goBack();
    await expect.poll(() => columnTexts('Targets', 1), POLL_WAIT).toEqual(secondPage);
    expect(await text('.pager')).toContain('21–24 of 24');

    await page.getByRole('button', { name: 'Name', exact: true }).click();
    expect(path()).toBe('/ui/targets?sort=name:ASC');
    await page.getByRole('button', { name: 'Name', exact: true }).click();
    expect(path()).toBe('/ui/targets?sort=name:DESC');
    // the ascending page stays on screen until the descending one arrives: wait for the order, not a row count
    const descending = (names: string[]) => names.length === 20 && names.join('\n') === [...names].sort().reverse().join('\n');
    await expect.poll(async () => descending(await columnTexts('Targets', 2)), POLL_WAIT).toBe(true);
    expect(await page.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('descending');

    await page.getByRole('searchbox', { name: 'Name or controller ID contains' }).fill('PARIS-0');
    await page.getByRole('button', { name: 'Search' }).click();
    expect(path()).toBe('/ui/targets?text=PARIS-0&sort=name:DESC');
    await expect
      .poll(() => columnTexts('Targets', 1), POLL_WAIT)
      .toEqual(['gw-paris-08', 'gw-paris-07', 'gw-paris-06', 'gw-paris-05', 'gw-paris-04', 'gw-paris-03', 'gw-paris-02', 'gw-paris-01']);
    await page.reload();
    await expect.poll(() => rows('Targets').count(), POLL_WAIT).toBe(8);
    expect(await page.getByRole('searchbox', { name: 'Name or controller ID contains' }).inputValue()).toBe('PARIS-0');
    await page.goBack();
    expect(path()).toBe('/ui/targets?sort=name:DESC');
    expect(problems).toEqual([]);
  });

  it('marks a device that missed its poll as overdue', async () => {
    // A week before the server's own clock (the test clock, not the wall clock), written after every buffered
    // poll time, so that neither the date the suite runs on nor the next flush can move it.
    await t.services.pollRecorder.flush();
    await setPollTime(t.db, 'gw-austin-02', t.clock() - 7 * 24 * 3600_000);
    await logIn();
    await page.goto(`${server.url}/ui/targets?text=austin-02`);
    await expect.poll(() => rows('Targets').first().innerText(), POLL_WAIT).toContain('overdue');
    await page.getByRole('link', { name: 'gw-austin-02' }).click();
    await expect.poll(() => text('h1'), POLL_WAIT).toContain('overdue');
    expect(problems).toEqual([]);
  });

  it('shows that the server cannot be reached, on the dashboard (B2) and on a list, and recovers', async () => {
    await logIn();
    await expect.poll(() => text('[data-freshness]'), POLL_WAIT).toMatch(/^Last updated/);
    const before = await text('[data-counter="Targets"] dd');
    let failures = 0;
    await page.route('**/rest/v1/**', (route) => {
      failures++;
      return failures % 2 === 0 ? route.fulfill({ status: 503, body: '' }) : route.abort('internetdisconnected');
    });
    await expect.poll(() => text('[data-freshness]'), POLL_WAIT).toMatch(/^No answer from the server since .*; the data on screen is from then/);
    expect(await page.locator('main.stale').count()).toBe(1);
    expect(await text('[data-counter="Targets"] dd')).toBe(before);

    await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Targets', exact: true }).click();
    await expect.poll(() => text('[role=alert]'), POLL_WAIT).toMatch(/Cannot reach the server|503/);
    expect(await text('[data-freshness]')).toMatch(/^No answer from the server since/);

    await page.unroute('**/rest/v1/**');
    await expect.poll(() => text('[data-freshness]'), POLL_WAIT).toMatch(/^Last updated/);
    await expect.poll(() => rows('Targets').count(), POLL_WAIT).toBe(20);
    expect(await page.locator('main.stale').count()).toBe(0);
    expect(unexpected(/request failed|status of 503|ERR_INTERNET_DISCONNECTED/)).toEqual([]);
  });

  it('B1: a session check that gets no answer is retried instead of leaving a blank page', async () => {
    await logIn();
    let refused = false;
    await page.route('**/rest/v1/session', (route) => {
      if (refused) return route.continue();
      refused = true;
      return route.abort('connectionrefused');
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: 12_000 });
    expect(refused).toBe(true);
    expect(unexpected(/request failed: .*\/rest\/v1\/session|ERR_CONNECTION_REFUSED/)).toEqual([]);
  });

  it('B4: a refused search shows its error without the previous results, and is not sent again', async () => {
    await logIn();
    await page.clock.install();
    await page.goto(`${server.url}/ui/targets`);
    await page.getByRole('searchbox', { name: 'FIQL filter' }).fill('group==us/austin');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => rows('Targets').count(), POLL_WAIT).toBe(8);
    const refused: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('nonsense')) refused.push(request.url());
    });
    await page.getByRole('searchbox', { name: 'FIQL filter' }).fill('nonsense==1');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => text('[role=alert]'), POLL_WAIT).toMatch(/nonsense/);
    expect(await page.getByRole('table', { name: 'Targets' }).count()).toBe(0);

    // three poll intervals pass; then a good search, whose request comes after any repeat of the bad one
    await page.clock.runFor(16_000);
    await page.getByRole('searchbox', { name: 'FIQL filter' }).fill('group==eu/paris');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => rows('Targets').count(), POLL_WAIT).toBe(8);
    expect(refused).toHaveLength(1);
    expect(unexpected(/status of 400/)).toEqual([]);
  });

  it('B5: under latency the pager keeps the range of the rows on screen until the next page arrives', async () => {
    await logIn();
    await page.goto(`${server.url}/ui/targets`);
    await expect.poll(() => text('.pager'), POLL_WAIT).toContain('1–20 of 24');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === '/rest/v1/targets' && url.searchParams.get('offset') === '20',
      async (route: Route) => {
        await held;
        await route.continue();
      },
    );
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => text('.pager'), POLL_WAIT).toContain('(loading…)');
    expect(await text('.pager')).toContain('1–20 of 24');
    expect(await rows('Targets').count()).toBe(20);
    release();
    await expect.poll(() => text('.pager'), POLL_WAIT).toContain('21–24 of 24');
    expect(await text('.pager')).not.toContain('loading');
    expect(await rows('Targets').count()).toBe(4);
    expect(problems).toEqual([]);
  });

  it('explains a rollout: thresholds per group, what it waits for, why it is paused; a group opens its targets', async () => {
    await api(`/rest/v1/rollouts/${fleet.austin}/approve`, { method: 'POST', ...AUTH });
    await api(`/rest/v1/rollouts/${fleet.austin}/start`, { method: 'POST', ...AUTH });
    await logIn();
    await page.goto(`${server.url}/ui/rollouts/${fleet.austin}`);
    await expect.poll(() => text('[aria-label=Why]'), POLL_WAIT).toMatch(/group-1 waits for 2 more successful installs \(0 of 2, threshold 50 % of 4\)/);
    expect(await text('[data-group="group-1"] .group-facts')).toBe('running 4 targets · success at 2 of 4 (50 %) · 0 failed, no error threshold');
    expect(await main()).toContain('gateway-image:2.1.0');

    await page.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(() => text('[aria-label=Why]'), POLL_WAIT).toMatch(/^Paused by an operator \(/);

    await page.locator('[data-group="group-1"]').getByRole('link', { name: '4 targets' }).click();
    await page.getByRole('heading', { name: 'Targets of group-1' }).waitFor();
    const groups = await api<{ content: { id: number }[] }>(`/rest/v1/rollouts/${fleet.austin}/deploygroups`);
    expect(path()).toBe(`/ui/rollouts/${fleet.austin}/groups/${groups.content[0]?.id}`);
    await expect.poll(() => rows('Targets of group-1').count(), POLL_WAIT).toBe(4);
    await page.reload();
    await expect.poll(() => rows('Targets of group-1').count(), POLL_WAIT).toBe(4);
    await page.getByRole('link', { name: 'Back to the rollout' }).click();
    await page.locator('[data-group="group-1"]').getByRole('link', { name: '4 running' }).click();
    expect(path()).toBe(`/ui/actions?q=rolloutGroup.id==${groups.content[0]?.id};status==pending`);
    await expect.poll(() => rows('Actions').count(), POLL_WAIT).toBe(4);
    await api(`/rest/v1/rollouts/${fleet.austin}/resume`, { method: 'POST', ...AUTH });
    expect(problems).toEqual([]);
  });

  it('says a rollout paused because a group reached its error threshold, and opens the failed devices', async () => {
    const body = {
      name: 'berlin-strict',
      targetFilterQuery: 'group==eu/berlin',
      distributionSetId: fleet.newSet,
      groups: [
        { name: 'canary', targetFilterQuery: 'controllerId=in=(gw-berlin-02,gw-berlin-03)', successCondition: { condition: 'THRESHOLD', expression: '100' } },
        { name: 'rest', soakTime: '24:00:00' },
      ],
      errorCondition: { condition: 'THRESHOLD', expression: '10' },
      errorAction: { action: 'PAUSE' },
      startAt: Date.UTC(2030, 0, 1),
    };
    const created = await api<{ id: number }>('/rest/v1/rollouts', send('POST', body));
    await logIn();
    await page.goto(`${server.url}/ui/rollouts/${created.id}`);
    await expect.poll(() => text('[aria-label=Why]'), POLL_WAIT).toMatch(/^Waits for approval; once approved it starts itself at /);
    expect(await main()).toMatch(/Start at\s+\S/);
    expect(await text('[data-group="rest"] .group-facts')).toContain('soak 24:00:00');
    expect(await text('[data-group="canary"] .group-facts')).toContain('filter controllerId=in=(gw-berlin-02,gw-berlin-03)');

    await api(`/rest/v1/rollouts/${created.id}/approve`, { method: 'POST', ...AUTH });
    await api(`/rest/v1/rollouts/${created.id}/start`, { method: 'POST', ...AUTH });
    const canary = await api<{ content: { controllerId: string }[] }>(`/rest/v1/rollouts/${created.id}/deploygroups`).then(async (groups) => {
      const id = idOf((groups as unknown as { content: { id: number; name: string }[] }).content.find((group) => group.name === 'canary'));
      return api<{ content: { controllerId: string }[] }>(`/rest/v1/rollouts/${created.id}/deploygroups/${id}/targets`);
    });
    const failing = canary.content[0]?.controllerId as string;
    const actions = await api<{ content: { id: number }[] }>(`/rest/v1/targets/${failing}/actions?limit=1`);
    const feedback = { status: { execution: 'closed', result: { finished: 'failure' }, details: ['flash write failed'] } };
    const reported = await t.request(`/DEFAULT/controller/v1/${failing}/deploymentBase/${actions.content[0]?.id}/feedback`, {
      method: 'POST',
      headers: { authorization: `TargetToken token-${failing}`, 'content-type': 'application/json' },
      body: JSON.stringify(feedback),
    });
    expect(reported.status).toBe(200);
    await t.services.rolloutEvaluator.tick();

    await expect.poll(() => text('[aria-label=Why]'), POLL_WAIT).toMatch(/^Paused: the error threshold of canary was reached \(1 failed, threshold 10 % of 2/);
    await page.locator('[data-group="canary"]').getByRole('link', { name: '1 failed' }).click();
    await expect.poll(() => columnTexts('Actions', 2), POLL_WAIT).toEqual([failing]);

    // issue 31: the operator resumes (canary stays `error`) and pauses: the page names the operator's Pause
    await page.goBack();
    await page.getByRole('button', { name: 'Resume' }).click();
    await expect.poll(() => text('h1'), POLL_WAIT).toContain('running');
    await page.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(() => text('[aria-label=Why]'), POLL_WAIT).toMatch(new RegExp(`^Paused by an operator \\(${TEST_USERNAME}, `));
    expect(await text('[data-group="canary"] .group-facts')).toMatch(/^error /);
    expect(problems).toEqual([]);
  });

  it('leads the dashboard with what needs attention: active rollouts, failed actions, overdue targets; the configuration has its own page', async () => {
    await t.services.pollRecorder.flush();
    await setPollTime(t.db, 'gw-austin-02', t.clock() - 7 * 24 * 3600_000);
    await logIn();
    const sections = () => page.locator('main h2').allInnerTexts();
    await expect.poll(async () => (await sections()).slice(0, 3), POLL_WAIT).toEqual(['Active rollouts', 'Failed actions', 'Overdue targets']);
    await expect.poll(() => columnTexts('Failed actions', 2), POLL_WAIT).toContain('gw-paris-04');
    expect(await page.getByRole('list', { name: 'Overdue targets' }).innerText()).toContain('gw-austin-02');
    expect(await page.getByRole('table', { name: 'System configuration' }).count()).toBe(0);

    await page.getByRole('link', { name: /overdue targets, longest silent first$/ }).click();
    await expect.poll(() => columnTexts('Targets', 1), POLL_WAIT).toContain('gw-austin-02');
    expect((await columnTexts('Targets', 1))[0]).toBe('gw-austin-02');
    await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'System' }).click();
    await expect.poll(() => page.getByRole('table', { name: 'System configuration' }).innerText(), POLL_WAIT).toContain('pollingOverdueTime');
    expect(problems).toEqual([]);
  });

  it('B3: the dashboard shows running rollouts before newer ones waiting for approval, and how many more there are', async () => {
    for (let i = 1; i <= 5; i++) {
      await api(
        '/rest/v1/rollouts',
        send('POST', { name: `waiting-${i}`, targetFilterQuery: 'group==eu/paris', distributionSetId: fleet.newSet, amountGroups: 1 }),
      );
    }
    await logIn();
    const summaries = () => page.locator('.rollout-summary h3').allInnerTexts();
    await expect.poll(summaries, POLL_WAIT).toHaveLength(5);
    const shown = await summaries();
    expect(shown[0]).toMatch(/berlin-strict paused/);
    expect(shown[1]).toMatch(/austin-2.1.0 running/);
    const active = await api<{ total: number }>(`/rest/v1/rollouts?q=${encodeURIComponent('status=out=(finished,stopped,approval_denied)')}&limit=1`);
    await page.getByRole('link', { name: `${active.total - 5} more active rollouts` }).click();
    await expect.poll(() => rows('Rollouts').count(), POLL_WAIT).toBe(active.total);
    expect(problems).toEqual([]);
  });

  it("gives a rollout's outcome in one line on its page, in the list and on the dashboard; a finished rollout says which devices have not finished", async () => {
    const ids = ['outcome-1', 'outcome-2', 'outcome-3', 'outcome-4'];
    await api(
      '/rest/v1/targets',
      send(
        'POST',
        ids.map((controllerId) => ({ controllerId, securityToken: `token-${controllerId}` })),
      ),
    );
    const body = {
      name: 'outcome-check',
      targetFilterQuery: 'controllerId==outcome-*',
      distributionSetId: fleet.newSet,
      amountGroups: 1,
      successCondition: { condition: 'THRESHOLD', expression: '50' },
    };
    const { id } = await api<{ id: number }>('/rest/v1/rollouts', send('POST', body));
    await api(`/rest/v1/rollouts/${id}/approve`, { method: 'POST', ...AUTH });
    await api(`/rest/v1/rollouts/${id}/start`, { method: 'POST', ...AUTH });
    const actionOf = async (controllerId: string) =>
      idOf((await api<{ content: { id: number }[] }>(`/rest/v1/targets/${controllerId}/actions?limit=1`)).content[0]);
    await device(t, 'outcome-1').report(await actionOf('outcome-1'), 'closed', 'success', ['installed']);
    await device(t, 'outcome-2').report(await actionOf('outcome-2'), 'closed', 'failure', ['flash write failed']);
    // outcome-3 polls after its assignment and says nothing; outcome-4 never comes online
    await device(t, 'outcome-3').poll();
    await t.services.pollRecorder.flush();

    await logIn();
    const outcome = () => text(`[data-outcome="${id}"]`);
    await expect.poll(outcome, POLL_WAIT).toBe('1 of 4 updated · 1 failed · 1 still running · 1 never reported (overdue)');
    await page.locator(`[data-outcome="${id}"]`).getByRole('link', { name: '1 never reported (overdue)' }).click();
    await expect.poll(() => columnTexts('Targets', 1), POLL_WAIT).toEqual(['outcome-4']);

    await device(t, 'outcome-3').report(await actionOf('outcome-3'), 'closed', 'success', ['installed']);
    await t.services.rolloutEvaluator.tick();
    await page.goto(`${server.url}/ui/rollouts/${id}`);
    await expect.poll(() => text('h1'), POLL_WAIT).toContain('finished');
    expect(await text('[aria-label=Why]')).toBe('Finished: every group has run, but 1 of its 4 targets have not finished their update.');
    expect(await outcome()).toBe('2 of 4 updated · 1 failed · 1 never reported (overdue)');
    await page.locator(`[data-outcome="${id}"]`).getByRole('link', { name: '1 failed' }).click();
    await expect.poll(() => columnTexts('Actions', 2), POLL_WAIT).toEqual(['outcome-2']);

    await page.goto(`${server.url}/ui/rollouts?text=outcome-check`);
    await expect.poll(outcome, POLL_WAIT).toBe('2 of 4 updated · 1 failed · 1 never reported (overdue)');
    await page.getByRole('link', { name: '2 of 4 updated' }).click();
    await expect.poll(async () => (await columnTexts('Actions', 2)).sort(), POLL_WAIT).toEqual(['outcome-1', 'outcome-3']);
    expect(problems).toEqual([]);
  });

  it('shows the audit log and each webhook subscription with its delivery log, read-only', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const [hook] = await api<Json[]>('/rest/v1/webhooks', send('POST', [{ name: 'ops-hook', url: receiver.url, eventTypes: ['target.created'] }]));
      const controllerId = `audited-${kind}`;
      await api('/rest/v1/targets', send('POST', [{ controllerId }]));
      receiver.answerNext(500);
      expect(await t.services.webhookDispatcher.dispatch()).toBe(1);

      await logIn();
      await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Audit log' }).click();
      await page.getByRole('heading', { name: 'Audit log' }).waitFor();
      // newest first: the console's login, then the target just created, then the subscription
      await expect.poll(() => columnTexts('Audit log', 3), POLL_WAIT).toEqual(expect.arrayContaining(['login', 'createTargets', 'createWebhooks']));
      const operations = await columnTexts('Audit log', 3);
      expect(operations.indexOf('createTargets')).toBeLessThan(operations.indexOf('createWebhooks'));
      const created = rows('Audit log').nth(operations.indexOf('createTargets'));
      expect(await created.innerText()).toContain(`POST /rest/v1/targets`);
      expect(await created.innerText()).toContain(`targets ${controllerId}`);
      expect(await columnTexts('Audit log', 2)).toContain(TEST_USERNAME);
      await page.getByLabel('Path or operation contains').fill('webhooks');
      await page.getByRole('button', { name: 'Search' }).click();
      await expect.poll(() => rows('Audit log').count(), POLL_WAIT).toBe(1);
      expect(path()).toBe('/ui/auditlog?text=webhooks');
      expect(await page.getByRole('button', { name: /delete|disable|edit/i }).count()).toBe(0);

      await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Webhooks' }).click();
      await page.getByRole('link', { name: 'ops-hook', exact: true }).click();
      await page.getByRole('heading', { name: 'Deliveries of ops-hook' }).waitFor();
      expect(path()).toBe(`/ui/webhooks/${String(hook?.['id'])}`);
      await expect.poll(() => rows('Deliveries of ops-hook').first().innerText(), POLL_WAIT).toMatch(/target\.created\s+pending\s+1\s+500/);
      await page.reload();
      await expect.poll(() => rows('Deliveries of ops-hook').count(), POLL_WAIT).toBe(1);

      await page.goto(`${server.url}/ui/webhooks`);
      await page.getByRole('link', { name: 'Dead deliveries of ops-hook' }).click();
      await expect
        .poll(() => rows('Deliveries of ops-hook').first().innerText(), POLL_WAIT)
        .toBe('Nothing matches this search. Deliveries appear here once an event the subscription names happens.');
      expect(path()).toBe(`/ui/webhooks/${String(hook?.['id'])}?q=status==dead`);
      expect(problems).toEqual([]);
    } finally {
      await receiver.close();
      await api(`/rest/v1/targets/audited-${kind}`, { method: 'DELETE', ...AUTH });
      await api(`/rest/v1/webhooks/${String((await api<{ content: Json[] }>('/rest/v1/webhooks?q=name==ops-hook')).content[0]?.['id'])}`, {
        method: 'DELETE',
        ...AUTH,
      });
    }
  });

  // opt-in (FALCONET_SCREENSHOTS=1, `npm run screenshots`): an ordinary run never redraws the README's pictures
  it.runIf(SCREENSHOTS_WANTED)('takes the README screenshots of dashboard, target list, target and a rollout with failures', async () => {
    await logIn();
    const views: [string, string, () => Promise<unknown>][] = [
      ['dashboard', '/ui/', () => expect.poll(() => page.locator('.rollout-summary').count(), POLL_WAIT).toBe(5)],
      ['targets', '/ui/targets?q=group==eu/*&sort=updateStatus:ASC', () => expect.poll(() => rows('Targets').count(), POLL_WAIT).toBe(16)],
      ['target', '/ui/targets/gw-berlin-01', () => page.getByRole('table', { name: 'Attributes' }).waitFor()],
      [
        'rollout-failures',
        '/ui/rollouts?text=outcome-check',
        async () => {
          await page.getByRole('link', { name: 'outcome-check' }).click();
          await expect.poll(() => text('[aria-label=Why]'), POLL_WAIT).toContain('have not finished');
        },
      ],
    ];
    for (const [viewport, size] of VIEWPORTS) {
      await page.setViewportSize(size);
      for (const [name, url, ready] of views) {
        await page.goto(server.url + url);
        await ready();
        await expect.poll(() => text('[data-freshness]'), POLL_WAIT).toMatch(/^Last updated/);
        expect(await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth'), `${name} on a ${viewport}`).toBe(0);
        await screenshot(page, kind, `${name}-${viewport}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('loads the dashboard and a target list with 10,000 targets', async () => {
    const now = t.clock();
    const audit = { created_at: now, created_by: 'seed', last_modified_at: now, last_modified_by: 'seed' };
    const statuses = ['registered', 'in_sync', 'pending', 'error', 'unknown'];
    const targets = Array.from({ length: 10_000 }, (_, i) => ({
      controller_id: `fleet-${String(i).padStart(5, '0')}`,
      name: `Fleet device ${i}`,
      security_token: `fleet-token-${i}`,
      update_status: statuses[i % statuses.length],
      ...audit,
    }));
    await t.db.batchInsert('targets', targets, 500);
    const ids = (await t.db('targets').where('controller_id', 'like', 'fleet-%').orderBy('controller_id').pluck('id')) as number[];
    await t.db.batchInsert(
      'target_polls',
      ids.map((id, i) => ({ target_id: id, at: now - (i % 50) * 60_000 })),
      500,
    );
    const assets: string[] = [];
    page.on('requestfinished', (request) => {
      if (!request.url().includes('/ui/assets/')) return;
      // a copy from the browser's cache transfers nothing
      void Promise.all([request.response(), request.sizes()]).then(([response, sizes]) => {
        if (sizes.responseBodySize > 0)
          assets.push(`${request.url().split('/').pop()} ${response?.headers()['content-encoding'] ?? 'identity'} ${sizes.responseBodySize} B`);
      });
    });
    await logIn();
    await page.goto(`${server.url}/ui/targets`);
    await page.getByRole('heading', { name: 'Targets', exact: true }).waitFor();

    const { total } = await api<{ total: number }>('/rest/v1/targets?limit=1');
    expect(total).toBeGreaterThanOrEqual(10_024);
    const started = Date.now();
    await page.goto(`${server.url}/ui/`);
    await expect.poll(() => text('[data-counter="Targets"] dd'), { timeout: 30_000, interval: 20 }).toBe(String(total));
    await page.locator('.rollout-summary').first().waitFor();
    const dashboard = Date.now() - started;

    const failed = await api<{ total: number }>('/rest/v1/targets?q=updateStatus==error&limit=1');
    const listStarted = Date.now();
    await page.goto(`${server.url}/ui/targets?q=updateStatus==error&sort=name:DESC&offset=1000`);
    await expect.poll(() => text('.pager'), { timeout: 30_000, interval: 20 }).toContain(`1001–1020 of ${failed.total}`);
    const list = Date.now() - listStarted;
    console.info(`console with 10,000 targets on ${kind}: dashboard ${dashboard} ms, filtered and sorted target page ${list} ms`);
    console.info(`assets as transferred: ${assets.join(', ')}`);
    expect(assets.some((asset) => /\.js br \d+ B$/.test(asset))).toBe(true);
    expect(problems).toEqual([]);
  });
});
