import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserMissing, launchChromium, VIEWPORT } from './browser-test-support.js';
import type { ConsoleStack } from './console-test-support.js';
import { HOSTILE_PRINCIPAL, HOSTILE_TOKEN, startHostileStack } from './hostile-test-support.js';

const missing = browserMissing();
if (missing) console.warn(`Skipping the hostile-content browser tests: ${missing}.`);

describe.skipIf(missing !== undefined)('the console against hostile content', () => {
  let stack: ConsoleStack;
  let browser: Browser;
  let page: Page;
  const requests: Request[] = [];
  const problems: string[] = [];

  /** Nothing a payload carries ran, became an element, or even tried to (CSP reports). */
  async function expectInert(where: string) {
    await expect(
      page.evaluate(() => (window as { __pwned?: number }).__pwned),
      where,
    ).resolves.toBeUndefined();
    const planted = await page.evaluate(
      () =>
        document.querySelectorAll(
          'main img, main script, main svg[onload], [onerror], [onload], [onmouseover], [style*="url("]',
        ).length,
    );
    expect(planted, where).toBe(0);
    expect(problems, where).toEqual([]);
  }

  async function open(view: string, heading: string) {
    await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: view }).click();
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await page.locator('main .view:not([aria-busy])').waitFor();
  }

  beforeAll(async () => {
    stack = await startHostileStack();
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: VIEWPORT });
    page = await context.newPage();
    page.on('request', (request) => requests.push(request));
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) {
        problems.push(`CSP: ${message.text()}`);
      }
    });
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('shows every hostile text as text in every view, and runs none of it', async () => {
    await page.goto(`${stack.origin}/console/`);
    await page.getByLabel('Access token').fill(HOSTILE_TOKEN);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Catalog' }).waitFor();
    await expect(page.locator('#who').textContent()).resolves.toContain(HOSTILE_PRINCIPAL);
    await page.locator('table.tools tbody tr').first().waitFor();
    await expectInert('catalog');

    await page.getByRole('button', { name: 'child_tool' }).click();
    const tabs = page.getByRole('tablist', { name: 'Dialects' });
    await tabs.waitFor();
    for (const tab of await tabs.getByRole('tab').all()) {
      await tab.click();
      await expectInert(`dialect tab ${await tab.textContent()}`);
    }

    await open('Search', 'Search playground');
    await page.getByLabel('What should the tool do?').fill('base tool depends');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.locator('ol.ranked li').first().waitFor();
    await expectInert('search');

    for (const [view, heading] of [
      ['Health', 'Health'],
      ['Recent calls', 'Recent calls'],
      ['Confirmations', 'Pending confirmations'],
      ['Quarantine & pins', 'Quarantine & pins'],
      ['Graph', 'Dependency graph'],
    ] as const) {
      await open(view, heading);
      await expectInert(view);
    }
    // The forged audit record and the graph labels are there, as text.
    await open('Recent calls', 'Recent calls');
    await expect(page.locator('table.calls').textContent()).resolves.toContain('javascript:');
    // The pending call's arguments and caller are there, as text.
    await open('Confirmations', 'Pending confirmations');
    const pending = page.locator('table.confirmations');
    await expect(pending.textContent()).resolves.toContain('javascript:window.__pwned=26');
    await expect(pending.textContent()).resolves.toContain('<svg onload=');
    await expect(pending.locator('.principal').textContent()).resolves.toContain('eve<img src=x');
    await expectInert('confirmations');
    await open('Graph', 'Dependency graph');
    await expect(page.locator('table.edges').textContent()).resolves.toContain('<img src=x');
    expect(await page.locator('svg.graph a, main a[href^="javascript:"]').count()).toBe(0);
  });

  it('keeps the token in this tab only, sends it only to its own origin, and forgets it', async () => {
    const stored = await page.evaluate(() => ({
      session: Object.values(sessionStorage),
      local: Object.keys(localStorage).length,
      cookie: document.cookie,
    }));
    expect(stored).toEqual({ session: [HOSTILE_TOKEN], local: 0, cookie: '' });
    expect(requests.length).toBeGreaterThan(5);
    for (const request of requests) {
      expect(request.url()).not.toContain(HOSTILE_TOKEN);
      expect(new URL(request.url()).origin).toBe(stack.origin);
    }
    const authorised = requests.filter((request) => request.headers().authorization);
    expect(authorised.every((request) => new URL(request.url()).pathname.startsWith('/api/'))).toBe(
      true,
    );

    requests.length = 0;
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await expect(page.evaluate(() => sessionStorage.length)).resolves.toBe(0);
    const after = requests.filter((request) => request.url().endsWith('/api/me'));
    expect(after.length).toBeGreaterThan(0);
    for (const request of after) expect(request.headers().authorization).toBeUndefined();
  });
});
