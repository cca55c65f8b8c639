import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserMissing,
  expectAccessible,
  expectRendered,
  launchChromium,
  VIEWPORT,
} from './browser-test-support.js';
import {
  ADMIN_TOKEN,
  type ConsoleStack,
  HOSTILE_MARKUP,
  READER_TOKEN,
  startConsoleStack,
} from './console-test-support.js';

// expect.poll gives up after 1 s by default: too soon for a browser on a machine at a load of 10.
const RENDERED = { timeout: 30_000 };
const missing = browserMissing();
if (missing) console.warn(`Skipping the console browser tests: ${missing}.`);

describe.skipIf(missing !== undefined)('the console in a real browser', () => {
  let stack: ConsoleStack;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];

  async function signIn(token: string) {
    await page.goto(`${stack.origin}/console/`);
    await page.getByLabel('Access token').fill(token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Catalog' }).waitFor();
  }

  async function open(view: string, heading: string) {
    await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: view }).click();
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await page.locator('main .view:not([aria-busy])').waitFor();
  }

  beforeAll(async () => {
    stack = await startConsoleStack();
    browser = await launchChromium();
    context = await browser.newContext({ viewport: VIEWPORT });
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('asks for a token first, and refuses a wrong one', async () => {
    await page.goto(`${stack.origin}/console/`);
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await expectAccessible(page, 'sign-in');
    await page.getByLabel('Access token').fill('not-a-real-token');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'not accepted' }).waitFor();
  });

  it('catalog: lists the tools, filters them, and shows a tool in every dialect', async () => {
    await signIn(READER_TOKEN);
    await expect(page.locator('#who').textContent()).resolves.toContain('rita (read-only)');
    const rows = page.locator('table.tools tbody tr');
    await rows.first().waitFor();
    await expect.poll(() => rows.count(), RENDERED).toBe(6);
    await page.getByLabel('Namespace').selectOption('crm');
    await expect.poll(() => rows.count(), RENDERED).toBe(2);
    await page.getByLabel('Namespace').selectOption('');
    await page.getByLabel('Tag').selectOption('invoices');
    await expect.poll(() => rows.count(), RENDERED).toBe(2);

    await page.getByRole('button', { name: 'create_invoice' }).click();
    const tabs = page.getByRole('tablist', { name: 'Dialects' });
    await tabs.waitFor();
    const labels = await tabs.getByRole('tab').allTextContents();
    expect(labels[0]).toBe('Definition');
    expect(labels.slice(1).join(' | ')).toMatch(/^openai · \d+ tokens \| anthropic · \d+ tokens$/);
    // Keyboard: the arrow key moves to the next dialect and shows its panel.
    await tabs.getByRole('tab', { name: 'Definition' }).focus();
    await page.keyboard.press('ArrowRight');
    const openai = tabs.getByRole('tab', { name: /^openai/ });
    await expect(openai.getAttribute('aria-selected')).resolves.toBe('true');
    const panel = page.getByRole('tabpanel', { name: /^openai/ });
    await expect(panel.textContent()).resolves.toContain('"name": "create_invoice"');
    // Read-only: the console offers no calls.
    await expect(page.getByRole('region', { name: 'Try create_invoice' }).count()).resolves.toBe(0);
    await expectRendered(page, 'catalog');
    await expectAccessible(page, 'catalog');
  });

  it('shows markup in a tool description as text and never runs it', async () => {
    await page.getByLabel('Tag').selectOption('');
    await page.getByRole('button', { name: 'render_page' }).waitFor();
    const cell = page.locator('table.tools .description', { hasText: 'Render a page.' });
    await expect(cell.textContent()).resolves.toBe(HOSTILE_MARKUP);
    await page.getByRole('button', { name: 'render_page' }).click();
    await page.getByRole('heading', { level: 2, name: 'render_page' }).waitFor();
    await expect(page.locator('img[src="x"]').count()).resolves.toBe(0);
    await expect(page.locator('main script').count()).resolves.toBe(0);
    await expect(page.evaluate(() => (window as { __pwned?: number }).__pwned)).resolves.toBe(
      undefined,
    );
    expect(pageErrors).toEqual([]);
  });

  it("search playground: ranks tools and shows each signal's contribution", async () => {
    await open('Search', 'Search playground');
    await page.getByLabel('What should the tool do?').fill('create an invoice for a customer');
    await page.getByRole('button', { name: 'Search' }).click();
    const first = page.locator('.ranked-tool').first();
    await first.waitFor();
    await expect(first.locator('.tool-name').textContent()).resolves.toBe('create_invoice');
    const lexical = first.locator('table.signals tr[data-signal="lexical"]');
    await expect(lexical.locator('td.number').first().textContent()).resolves.toMatch(
      /^\d\.\d{3}$/,
    );
    const added = Number(await lexical.locator('td.contribution').textContent());
    expect(added).toBeGreaterThan(0);
    const bar = await lexical
      .locator('.fill')
      .evaluate((element) => element.getBoundingClientRect().width);
    expect(bar).toBeGreaterThan(0);
    await expectRendered(page, 'search');
    await expectAccessible(page, 'search');
  });

  it('health: the open breaker, success rates and latency', async () => {
    await open('Health', 'Health');
    await expect(page.locator('.breaker.open strong').textContent()).resolves.toBe('1');
    const flaky = page.locator('table.health tbody tr', { hasText: 'crm.flaky_lookup' });
    await expect(flaky.locator('.state').textContent()).resolves.toBe('open');
    await expect(flaky.locator('td').nth(2).textContent()).resolves.toBe('0 %');
    const found = page.locator('table.health tbody tr', { hasText: 'crm.find_customer' });
    await expect(found.locator('td').nth(2).textContent()).resolves.toBe('100 %');
    await expect(found.locator('td').nth(5).textContent()).resolves.toMatch(/ms$/);
    await expectRendered(page, 'health');
    await expectAccessible(page, 'health');
  });

  it('recent calls: a reader sees its own calls only', async () => {
    await open('Recent calls', 'Recent calls');
    const rows = page.locator('table.calls tbody tr');
    await expect(rows.count()).resolves.toBe(1);
    await expect(rows.first().textContent()).resolves.toContain('find_customer');
    await expect(rows.first().textContent()).resolves.toContain('rita');
    await expectRendered(page, 'calls');
    await expectAccessible(page, 'calls');
  });

  it('quarantine: a read-only principal sees the held tool, no approve button, and a 403 if forced', async () => {
    await open('Quarantine & pins', 'Quarantine & pins');
    const held = page.locator('table.quarantine tbody tr');
    await expect(held.count()).resolves.toBe(1);
    await expect(held.first().textContent()).resolves.toContain('remote.get_weather');
    await expect(page.getByRole('button', { name: /Approve/ }).count()).resolves.toBe(0);
    await expect(page.locator('table.pins tbody tr').first().textContent()).resolves.toContain(
      'create_issue',
    );
    const forced = await page.evaluate(async (token) => {
      const response = await fetch('/api/quarantine/remote.get_weather/approve', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      return { status: response.status, body: await response.json() };
    }, READER_TOKEN);
    expect(forced.status).toBe(403);
    expect(forced.body.code).toBe('permission_denied');
    await expectRendered(page, 'quarantine');
    await expectAccessible(page, 'quarantine');
  });

  it('graph: draws every tool and the dependency chain', async () => {
    await open('Graph', 'Dependency graph');
    const graph = page.getByRole('img', { name: /Dependency graph of \d+ tools/ });
    await graph.waitFor();
    await expect(graph.locator('g.node').count()).resolves.toBe(6);
    const edges = await graph
      .locator('path.edge')
      .evaluateAll((paths) =>
        paths.map((path) => `${path.getAttribute('data-from')} → ${path.getAttribute('data-to')}`),
      );
    expect(edges.sort()).toEqual([
      'billing.create_invoice:1.0.0 → crm.find_customer:1.0.0',
      'crm.find_customer:1.0.0 → auth.get_token:1.0.0',
    ]);
    // Layered: each tool sits to the right of what it depends on.
    const x = async (node: string) =>
      graph
        .locator(`g.node[data-node="${node}"]`)
        .evaluate((element) => element.getBoundingClientRect().x);
    const token = await x('auth.get_token:1.0.0');
    const customer = await x('crm.find_customer:1.0.0');
    const invoice = await x('billing.create_invoice:1.0.0');
    expect(token).toBeLessThan(customer);
    expect(customer).toBeLessThan(invoice);
    await expectRendered(page, 'graph');
    await expectAccessible(page, 'graph');
  });

  it('an approver approves the quarantined tool and it leaves the list', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await signIn(ADMIN_TOKEN);
    await expect(page.locator('#who').textContent()).resolves.toContain('may approve tools');
    await open('Quarantine & pins', 'Quarantine & pins');
    await page.getByRole('button', { name: 'Approve remote.get_weather:1.0.0' }).click();
    await page.getByText('No tool is quarantined.').waitFor();
    expect(stack.arsenal.quarantined()).toEqual([]);
    expect(stack.arsenal.registry.get('remote.get_weather')).toBeDefined();
    // An auditor sees every principal's calls.
    await open('Recent calls', 'Recent calls');
    // Every principal's: rita's, ada's three and sam's call of the tool hidden from them all.
    await expect(page.locator('table.calls tbody tr').count()).resolves.toBe(5);
    expect(pageErrors).toEqual([]);
  });

  it('an operator calls a tool that needs confirmation, and confirms it', async () => {
    await open('Catalog', 'Catalog');
    await page.getByRole('button', { name: 'delete_invoice' }).click();
    const call = page.getByRole('region', { name: 'Try delete_invoice' });
    await call.getByLabel('number').fill('INV-7');
    await call.getByRole('button', { name: 'Call' }).click();
    const confirmation = call.getByRole('group', { name: 'Confirmation' });
    await confirmation.waitFor();
    await expect(confirmation.textContent()).resolves.toContain('waits for confirmation');
    await expectAccessible(page, 'call awaiting confirmation');
    await confirmation.getByRole('button', { name: 'Confirm call' }).click();
    await call.getByText('Status: success').waitFor();
    await expect(call.locator('pre').textContent()).resolves.toContain('"deleted": "INV-7"');
    expect(pageErrors).toEqual([]);
  });

  it('a tool the policy hides appears nowhere: not in search, facets, health nor the graph', async () => {
    await open('Catalog', 'Catalog');
    await page.getByLabel('Search tools').fill('secret vault');
    await page.getByText('No tool matches "secret vault"').waitFor();
    await expect(page.locator('#namespace option[value="vault"]').count()).resolves.toBe(0);
    await open('Health', 'Health');
    await expect(page.locator('table.health').textContent()).resolves.not.toContain('read_secret');
    await open('Graph', 'Dependency graph');
    await expect(page.locator('main').textContent()).resolves.not.toContain('vault');
    // Forcing it by name answers as for a tool that does not exist.
    const forced = await page.evaluate(async (token) => {
      const response = await fetch('/api/execute', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ tool: 'vault.read_secret', arguments: { key: 'k' } }),
      });
      return { status: response.status, body: await response.text() };
    }, ADMIN_TOKEN);
    expect(forced.status).toBe(404);
    expect(forced.body).not.toContain('s3cr3t');
    expect(pageErrors).toEqual([]);
  });
});
