import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserMissing,
  CHROMIUM_PATH,
  expectAccessible,
  expectRendered,
  launchChromium,
  SCREENSHOT_DIR,
  VIEWPORT,
} from './browser-test-support.js';
import { type DemoConsole, startDemoConsole } from './demo-console-test-support.js';

// The console over the CLI's demo catalog (4,000-odd tools) as `arsenal serve --dev` serves it.
// Each view's screenshot is saved as test-output/screenshots/demo-<view>.png.

const run = promisify(execFile);
const RENDERED = { timeout: 60_000 };
const missing = browserMissing();
if (missing) console.warn(`Skipping the demo console browser tests: ${missing}.`);

describe.skipIf(missing !== undefined)('the console over the demo catalog', () => {
  let demo: DemoConsole;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];
  const number = new Intl.NumberFormat('en');

  /** Load a view the way a bookmark does; the page arrives with its data. */
  async function visit(view: string, heading: string) {
    await page.goto(`${demo.origin}/console/?view=${view}`);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await page.locator('main .view:not([aria-busy])').waitFor();
  }

  beforeAll(async () => {
    demo = await startDemoConsole();
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: VIEWPORT });
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });

  afterAll(async () => {
    await browser?.close();
    await demo?.close();
  });

  it('a plain headless page load holds the data: nothing waits for a script after load', async () => {
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    const args = [
      '--headless',
      '--disable-gpu',
      ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
      `--window-size=${VIEWPORT.width},${VIEWPORT.height}`,
    ];
    const { stdout } = await run(
      CHROMIUM_PATH,
      [...args, '--dump-dom', `${demo.origin}/console/?view=health`],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    expect(stdout).toContain('No calls yet');
    expect(stdout).not.toContain('Loading…');
    await run(CHROMIUM_PATH, [
      ...args,
      `--screenshot=${join(SCREENSHOT_DIR, 'demo-plain-headless-catalog.png')}`,
      `${demo.origin}/console/`,
    ]);
  });

  it('catalog: a page of the whole catalog, text search on the server, and paging', async () => {
    await visit('catalog', 'Catalog');
    await expect(page.locator('#who').textContent()).resolves.toContain(
      'Anonymous (may call tools)',
    );
    const count = page.locator('.results .count');
    await expect(count.textContent()).resolves.toBe(
      `Tools 1–50 of ${number.format(demo.toolCount)}`,
    );
    await expect(page.locator('table.tools tbody tr').count()).resolves.toBe(50);
    await expectRendered(page, 'demo-catalog');
    await expectAccessible(page, 'demo catalog');

    await page.getByRole('button', { name: 'Next page' }).click();
    await expect
      .poll(() => count.textContent(), RENDERED)
      .toBe(`Tools 51–100 of ${number.format(demo.toolCount)}`);
    expect(new URL(page.url()).searchParams.get('offset')).toBe('50');

    await page.getByLabel('Search tools').fill('currency exchange');
    await expect.poll(() => count.textContent(), RENDERED).toMatch(/^Tools 1–\d+ of \d+$/);
    const names = await page.locator('table.tools tbody .tool-name').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    const descriptions = await page.locator('table.tools tbody tr').allTextContents();
    for (const row of descriptions) expect(row.toLowerCase()).toMatch(/currenc/);
    await expectRendered(page, 'demo-catalog-search');

    // The search is in the address: a reload shows the same result.
    await page.reload();
    await expect(page.getByLabel('Search tools').inputValue()).resolves.toBe('currency exchange');
    await expect(page.locator('table.tools tbody .tool-name').allTextContents()).resolves.toEqual(
      names,
    );
    await page.getByLabel('Search tools').fill('no tool says zxqv');
    await page.getByText('No tool matches "no tool says zxqv"').waitFor();
  });

  it('try it: a form from the input schema, the call through /execute, and bad JSON named', async () => {
    await visit('catalog', 'Catalog');
    await page.getByLabel('Search tools').fill('echo a message back');
    await page.getByRole('button', { name: 'echo', exact: true }).click();
    const form = page.getByRole('region', { name: 'Try echo' });
    await form.waitFor();
    await form.getByLabel('message').fill('hello');
    await form.getByLabel('times').fill('2');
    await form.getByLabel('loud').check();
    await form.getByLabel('labels').fill('["a", ');
    await form.getByRole('button', { name: 'Call' }).click();
    await form
      .getByRole('alert')
      .filter({ hasText: 'The value of "labels" is not valid JSON' })
      .waitFor();
    await form.getByLabel('labels').fill('["a", "b"]');
    await form.getByRole('button', { name: 'Call' }).click();
    await form.getByText('Status: success').waitFor();
    const answer = JSON.parse((await form.locator('pre').textContent()) ?? '{}');
    expect(answer).toEqual({ echoed: ['HELLO', 'HELLO'], labels: ['a', 'b'] });
    await form.locator('.call-output').scrollIntoViewIfNeeded();
    await expectRendered(page, 'demo-try-it');
    await expectAccessible(page, 'demo try it');
  });

  it('search playground renders', async () => {
    await visit('search', 'Search playground');
    await page.getByLabel('What should the tool do?').fill('send an email to the team');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.locator('.ranked-tool').first().waitFor();
    await expectRendered(page, 'demo-search');
  });

  it('health: only the tools that were called, most failures first', async () => {
    await visit('health', 'Health');
    const rows = page.locator('table.health tbody tr');
    // The one call made from the try-it form (the failed JSON never left the page).
    await expect(rows.count()).resolves.toBe(1);
    await expect(rows.first().textContent()).resolves.toContain('dev.echo');
    await expect(page.getByText(/other tool\(s\) not called yet/).textContent()).resolves.toContain(
      String(demo.toolCount - 1),
    );
    await expectRendered(page, 'demo-health');
    await expectAccessible(page, 'demo health');
  });

  it('recent calls: without a history store, a plain statement instead of an error', async () => {
    await visit('calls', 'Recent calls');
    await page.getByText('This server keeps no call history').waitFor();
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
    await expectRendered(page, 'demo-calls');
    await expectAccessible(page, 'demo calls');
  });

  it('graph: no dependencies, so no drawing: tools counted per namespace', async () => {
    await visit('graph', 'Dependency graph');
    await page.getByText('No tool declares a dependency').waitFor();
    await expect(page.locator('svg.graph').count()).resolves.toBe(0);
    const rows = page.locator('table.namespaces tbody tr');
    const counted = await rows.evaluateAll((all) =>
      all.reduce((sum, row) => sum + Number(row.children[1]?.textContent ?? 0), 0),
    );
    expect(counted).toBe(demo.toolCount);
    await expectRendered(page, 'demo-graph');
    await expectAccessible(page, 'demo graph');
  });

  it('the other views render, and no page script failed', async () => {
    await visit('confirmations', 'Pending confirmations');
    await expectRendered(page, 'demo-confirmations');
    await visit('quarantine', 'Quarantine & pins');
    await expectRendered(page, 'demo-quarantine');
    expect(pageErrors).toEqual([]);
  });
});
