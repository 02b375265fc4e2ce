import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases.js';
import { basicAuth, startTestApp, TEST_PASSWORD, TEST_USERNAME, type TestApp } from '../support/test-app.js';
import { buildConsole, chromiumSkipReason, launchChromium, listen, recordProblems } from './browser.js';
import { device, seedFleet } from './fleet.js';
import { idOf } from '../support/target-fixtures.js';

// The web console in Debian's chromium against a live server with a seeded fleet: what the operator sees.
const skipReason = chromiumSkipReason();
if (skipReason) console.warn(`web console browser tests skipped: ${skipReason}`);

const POLL_WAIT = { timeout: 12_000, interval: 250 };

describe.skipIf(skipReason !== undefined).each(DATABASE_KINDS)('web console in chromium on %s', { timeout: 60_000 }, (kind) => {
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
    t = await startTestApp(kind, { rollout_approval_enabled: true }, { consoleAssets: built.assets });
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
  const counter = (label: string) => text(`[data-counter="${label}"] dd`);
  const bar = async (status: string) => page.locator(`[data-status="${status}"] .chart-value`).textContent();

  async function logIn() {
    await page.goto(`${server.url}/ui/`);
    await page.getByLabel('Username').fill(TEST_USERNAME);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  }

  it('refuses a wrong password with the server message, then logs in to the dashboard', async () => {
    await page.goto(`${server.url}/ui/`);
    await page.getByLabel('Username').fill(TEST_USERNAME);
    await page.getByLabel('Password').fill('wrong');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => text('[role=alert]'), POLL_WAIT).toMatch(/credentials|password|unauthori/i);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const cookie = (await context.cookies()).find((c) => c.name === 'falconet_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });

    expect(await counter('Targets')).toBe('24');
    expect(await counter('Distribution sets')).toBe('2');
    expect(await counter('Active actions')).toBe('1');
    expect(await bar('in_sync')).toBe('6');
    expect(await bar('error')).toBe('1');
    expect(await page.getByRole('table', { name: 'Recent actions' }).innerText()).toContain('gw-berlin-01');
    expect(await text('main')).toContain('austin-2.1.0');
    expect(problems.filter((problem) => !problem.includes('status of 401'))).toEqual([]);
  });

  it('opens every view from the navigation', async () => {
    await logIn();
    const nav = page.getByRole('navigation', { name: 'Views' });
    const views: [string, string, string][] = [
      ['Targets', 'Targets', 'gw-austin-01'],
      ['Target filters', 'Target filters', 'group==eu/berlin'],
      ['Tags', 'Target tags', 'stable'],
      ['Distribution sets', 'Distribution sets', 'gateway-image-os:2.1.0'],
      ['Software modules', 'Software modules', 'gateway-image-os'],
      ['Actions', 'Actions', 'gw-paris-04'],
      ['System', 'System configuration', 'rollout.approval.enabled'],
    ];
    for (const [link, heading, content] of views) {
      await nav.getByRole('link', { name: link, exact: true }).click();
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      await expect.poll(() => text('main'), POLL_WAIT).toContain(content);
      expect(page.url()).toMatch(/\/ui\/[a-z]+$/);
    }
    await nav.getByRole('link', { name: 'Software modules' }).click();
    await page.locator('summary', { hasText: 'Artifacts' }).first().click();
    await expect.poll(() => text('.artifacts'), POLL_WAIT).toMatch(/gateway-image-2\.\d\.0\.swu .*KiB\s+sha256 [0-9a-f]{64}/);
    expect(problems).toEqual([]);
  });

  it('searches targets with FIQL, pages through them and opens one with attributes, tags and action history', async () => {
    await logIn();
    await page.goto(`${server.url}/ui/targets`);
    await expect.poll(() => text('.pager'), POLL_WAIT).toContain('1–20 of 24');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => text('.pager'), POLL_WAIT).toContain('21–24 of 24');
    await page.getByRole('searchbox', { name: 'FIQL filter' }).fill('group==eu/berlin;updateStatus==pending');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => text('.pager'), POLL_WAIT).toContain('1–1 of 1');
    await page.getByRole('searchbox', { name: 'FIQL filter' }).fill('nonsense==1');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => text('[role=alert]'), POLL_WAIT).toMatch(/nonsense/);
    await page.getByRole('searchbox', { name: 'FIQL filter' }).fill('controllerId==gw-berlin-01');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: 'gw-berlin-01' }).click();

    await page.getByRole('heading', { name: /Target gw-berlin-01/ }).waitFor();
    expect(page.url()).toBe(`${server.url}/ui/targets/gw-berlin-01`);
    const attributes = await page.getByRole('table', { name: 'Attributes' }).innerText();
    expect(attributes).toContain('imx8mm-evk');
    expect(await text('main')).toContain('field-test');
    await page.getByText(`Action #${fleet.runningAction}`).click();
    const history = page.getByRole('table', { name: `Status history of action ${fleet.runningAction}` });
    await expect.poll(() => history.innerText(), POLL_WAIT).toContain('downloading gateway-image-2.1.0.swu');
    // a reload on a client route gets the console again
    await page.reload();
    await page.getByRole('heading', { name: /Target gw-berlin-01/ }).waitFor();
    expect(problems.filter((problem) => !/status of 400/.test(problem))).toEqual([]);
  });

  it('refreshes every 5 seconds without losing scroll position or input, and shows a device report on the dashboard', async () => {
    await logIn();
    await page.setViewportSize({ width: 1280, height: 400 });
    await page.evaluate('window.scrollTo(0, 250)');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const active = Number(await counter('Active actions'));
    const inSync = Number(await bar('in_sync'));
    const pending = Number(await bar('pending'));

    await device(t, 'gw-berlin-01').report(fleet.runningAction, 'closed', 'success', ['installed 2.1.0']);
    await expect.poll(() => counter('Active actions'), POLL_WAIT).toBe(String(active - 1));
    expect(await bar('in_sync')).toBe(String(inSync + 1));
    expect(await bar('pending')).toBe(String(pending - 1));
    expect(await page.evaluate('window.scrollY')).toBe(250);

    await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Targets', exact: true }).click();
    const search = page.getByRole('searchbox', { name: 'FIQL filter' });
    await search.fill('group==us/*');
    const refreshed = page.waitForResponse((response) => response.url().includes('/rest/v1/targets?'), { timeout: 8000 });
    await refreshed;
    expect(await search.inputValue()).toBe('group==us/*');
    expect(problems).toEqual([]);
  });

  it('returns to the login page, without a password dialog, when the session ends; logs out', async () => {
    await logIn();
    await t.db('sessions').del();
    await page.getByRole('button', { name: 'Log in' }).waitFor({ timeout: 12_000 });
    expect(await text('main')).toContain('Your session has ended');
    await page.getByLabel('Username').fill(TEST_USERNAME);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(await text('main')).toContain('You are logged out');
    expect((await context.cookies()).find((c) => c.name === 'falconet_session')).toBeUndefined();
    expect(problems.filter((problem) => !problem.includes('status of 401'))).toEqual([]);
  });

  it('fits a phone screen and is reachable from the keyboard', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await logIn();
    const overflow = () => page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth');
    expect(await overflow()).toBe(0);
    await page.goto(`${server.url}/ui/targets`);
    await page.getByRole('link', { name: 'gw-austin-01' }).waitFor();
    expect(await overflow()).toBe(0);

    await page.goto(`${server.url}/ui/`);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement.textContent')).toBe('Targets');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Targets', exact: true }).waitFor();
    expect(problems).toEqual([]);
  });

  it('keeps every badge colour pair at WCAG AA contrast (4.5:1)', async () => {
    await logIn();
    // every `.badge-*` rule of the console's style sheet, drawn as a badge on the page
    // (a script as text: the tests are typed without the DOM)
    const pairs = await page.evaluate<{ name: string; color: string; background: string }[]>(`(() => {
      const classes = new Set(['badge']);
      for (const sheet of document.styleSheets)
        for (const rule of sheet.cssRules) for (const found of rule.cssText.matchAll(/\\.(badge-[\\w-]+)/g)) classes.add(found[1]);
      return [...classes].map((name) => {
        const badge = document.createElement('span');
        badge.className = 'badge ' + name;
        badge.textContent = name;
        document.querySelector('main').append(badge);
        const style = getComputedStyle(badge);
        const pair = { name, color: style.color, background: style.backgroundColor };
        badge.remove();
        return pair;
      });
    })()`);
    const luminance = (css: string) => {
      const [r, g, b] = (css.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((value) => {
        const channel = Number(value) / 255;
        return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const contrast = (a: string, b: string) => {
      const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (light + 0.05) / (dark + 0.05);
    };
    expect(pairs.length).toBeGreaterThan(20);
    const below = pairs
      .filter(({ color, background }) => contrast(color, background) < 4.5)
      .map(({ name, color, background }) => `${name}: ${color} on ${background}`);
    expect(below).toEqual([]);
  });

  it('titles each view, offers a skip link, labels the sort controls and keeps the phone navigation to one line', async () => {
    await logIn();
    expect(await page.title()).toBe('Dashboard · Falconet');
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement.textContent')).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate('document.activeElement.id')).toBe('main');

    await page.goto(`${server.url}/ui/targets/gw-berlin-01`);
    await page.getByRole('heading', { name: /Target gw-berlin-01/ }).waitFor();
    expect(await page.title()).toBe('Target gw-berlin-01 · Falconet');
    await page.goto(`${server.url}/ui/targets`);
    await page.getByRole('heading', { name: 'Targets', exact: true }).waitFor();
    expect(await page.title()).toBe('Targets · Falconet');
    // the last poll reads relative, the absolute time on hover
    const lastPoll = page.getByRole('table', { name: 'Targets' }).locator('tbody tr td[data-label="Last poll"] time').first();
    await lastPoll.waitFor();
    expect(await lastPoll.innerText()).toMatch(/ago$/);
    expect(await lastPoll.getAttribute('title')).toMatch(/\d/);

    await page.setViewportSize({ width: 390, height: 844 });
    const header = await page.locator('header.top').boundingBox();
    expect(header?.height).toBeLessThan(844 * 0.1);
    const sortBy = page.getByRole('group', { name: 'Sort by' });
    await sortBy.getByRole('button', { name: 'Name' }).click();
    expect(decodeURIComponent(page.url())).toContain('sort=name:ASC');
    expect(problems).toEqual([]);
  });

  it('says what would appear in an empty list and how to make it appear', async () => {
    await logIn();
    await page.goto(`${server.url}/ui/targetfilters?q=${encodeURIComponent('name==none-such')}`);
    await expect.poll(() => text('[data-empty]'), POLL_WAIT).toContain('POST /rest/v1/targetfilters');
    await page.goto(`${server.url}/ui/webhooks`);
    await expect.poll(() => text('[data-empty]'), POLL_WAIT).toContain('POST /rest/v1/webhooks');
    expect(problems).toEqual([]);
  });

  it('says when a locked-out login may try again', async () => {
    await page.route('**/rest/v1/login', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '120' },
        body: JSON.stringify({ errorCode: 'hawkbit.server.error.tooManyRequests', message: 'Too many failed logins' }),
      }),
    );
    await page.goto(`${server.url}/ui/`);
    await page.getByLabel('Username').fill(TEST_USERNAME);
    await page.getByLabel('Password').fill('wrong');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => text('[role=alert]'), POLL_WAIT).toMatch(/^Too many failed logins\. Try again in 2 minutes, at \d/);
    expect(problems.filter((problem) => !problem.includes('status of 429'))).toEqual([]);
  });

  it('approves a rollout waiting for approval, starts, pauses and resumes it, each button only where the API accepts it', async () => {
    await logIn();
    await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Rollouts' }).click();
    await page.getByRole('link', { name: 'austin-2.1.0' }).click();
    await page.getByRole('heading', { name: /Rollout austin-2.1.0/ }).waitFor();
    const heading = () => text('h1');
    const enabled = async () => {
      const names = ['Start', 'Pause', 'Resume', 'Delete', 'Approve', 'Deny'];
      const states = await Promise.all(names.map((name) => page.getByRole('button', { name, exact: true }).isEnabled()));
      return names.filter((_, i) => states[i]);
    };
    expect(await heading()).toContain('waiting_for_approval');
    expect(await enabled()).toEqual(['Delete', 'Approve', 'Deny']);

    await page.getByLabel('Remark (optional)').fill('QA signed off');
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(heading, POLL_WAIT).toContain('ready');
    expect(await text('main')).toContain('QA signed off');
    expect(await enabled()).toEqual(['Start', 'Delete']);

    await page.getByRole('button', { name: 'Start' }).click();
    await expect.poll(heading, POLL_WAIT).toContain('running');
    expect(await enabled()).toEqual(['Pause', 'Delete']);
    expect(await page.getByRole('img', { name: /^group-1:/ }).getAttribute('aria-label')).toMatch(/group-1: 0 of \d+ finished, [1-9]\d* running/);

    await page.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(heading, POLL_WAIT).toContain('paused');
    expect(await enabled()).toEqual(['Resume', 'Delete']);
    await page.getByRole('button', { name: 'Resume' }).click();
    await expect.poll(heading, POLL_WAIT).toContain('running');

    // someone else pauses it between two refreshes: the button still shows, and the API's refusal appears
    await page.waitForResponse((response) => response.url().endsWith(`/rest/v1/rollouts/${fleet.austin}`));
    const refusal = await t.request(`/rest/v1/rollouts/${fleet.austin}/pause`, { method: 'POST', headers: { authorization: basicAuth() } });
    expect(refusal.status).toBe(204);
    await page.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(() => text('[role=alert]'), POLL_WAIT).toMatch(/paused/i);
    await expect.poll(heading, POLL_WAIT).toContain('paused');
    await page.getByRole('button', { name: 'Resume' }).click();
    await expect.poll(heading, POLL_WAIT).toContain('running');

    // group-1 installs, the evaluator (a scheduled job, off in tests) opens group-2, where one device is done
    await installGroup(fleet.austin, 0);
    await t.services.rolloutEvaluator.tick();
    await installGroup(fleet.austin, 1, 1);
    await expect.poll(() => page.getByRole('img', { name: /^group-1:/ }).getAttribute('aria-label'), POLL_WAIT).toMatch(/group-1: 4 of 4 finished/);
    await expect.poll(() => page.getByRole('img', { name: /^group-2:/ }).getAttribute('aria-label'), POLL_WAIT).toMatch(/group-2: 1 of 4 finished, 3 running/);

    await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect.poll(() => page.locator('[data-progress="group-1"]').count(), POLL_WAIT).toBeGreaterThan(0);
    expect(problems.filter((problem) => !/status of 400/.test(problem))).toEqual([]);
  });

  it('denies a rollout with a remark, then deletes it after a confirmation', async () => {
    await logIn();
    await page.goto(`${server.url}/ui/rollouts/${fleet.paris}`);
    await page.getByRole('heading', { name: /Rollout paris-2.1.0/ }).waitFor();
    await page.getByLabel('Remark (optional)').fill('wrong set');
    await page.getByRole('button', { name: 'Deny' }).click();
    await expect.poll(() => text('h1'), POLL_WAIT).toContain('approval_denied');
    expect(await text('main')).toContain('wrong set');
    expect(await page.getByRole('button', { name: 'Start' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('group', { name: 'Confirm deletion' }).getByRole('button', { name: 'Delete rollout' }).click();
    await page.getByRole('heading', { name: 'Rollouts', exact: true }).waitFor();
    await expect.poll(() => text('main'), POLL_WAIT).toContain('austin-2.1.0');
    expect(await text('main')).not.toContain('paris-2.1.0');
    expect((await t.request(`/rest/v1/rollouts/${fleet.paris}`, { headers: { authorization: basicAuth() } })).status).toBe(404);
    expect(problems).toEqual([]);
  });

  /** The devices of one deploy group (all, or the first `count`) install the rollout's set. */
  async function installGroup(rolloutId: number, index: number, count?: number): Promise<void> {
    const auth = { headers: { authorization: basicAuth() } };
    const get = async <T>(path: string) => (await (await t.request(path, auth)).json()) as T;
    const groups = await get<{ content: { id: number }[] }>(`/rest/v1/rollouts/${rolloutId}/deploygroups`);
    const groupId = idOf(groups.content[index]);
    const targets = await get<{ content: { controllerId: string }[] }>(`/rest/v1/rollouts/${rolloutId}/deploygroups/${groupId}/targets`);
    for (const { controllerId } of targets.content.slice(0, count)) {
      const actions = await get<{ content: { id: number }[] }>(`/rest/v1/targets/${controllerId}/actions?limit=1`);
      await device(t, controllerId).report(idOf(actions.content[0]), 'closed', 'success', ['installed 2.1.0']);
    }
  }
});
