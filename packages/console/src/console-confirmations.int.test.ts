import type { Browser, Page } from 'playwright-core';
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
  AUDITOR_TOKEN,
  type ConsoleStack,
  OPERATOR_TOKEN,
  READER_TOKEN,
  startConsoleStack,
} from './console-test-support.js';

const missing = browserMissing();
if (missing) console.warn(`Skipping the console confirmation browser tests: ${missing}.`);

describe.skipIf(missing !== undefined)('pending confirmations in a real browser', () => {
  let stack: ConsoleStack;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];
  let pendingId = '';

  async function signIn(token: string) {
    await page.goto(`${stack.origin}/console/`);
    // Start signed out: the token of the last principal stays in this tab otherwise.
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    await page.getByLabel('Access token').fill(token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Catalog' }).waitFor();
  }

  async function openConfirmations() {
    await page
      .getByRole('navigation', { name: 'Views' })
      .getByRole('link', { name: 'Confirmations' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Pending confirmations' }).waitFor();
    await page.locator('main .view:not([aria-busy])').waitFor();
  }

  /** A settle request as a forged click would send it, with this principal's token. */
  function forceSettle(token: string, action: 'confirm' | 'reject') {
    return page.evaluate(
      async ({ token, id, action }) => {
        const response = await fetch(`/api/confirmations/${id}/${action}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
        });
        return { status: response.status, body: await response.json() };
      },
      { token, id: pendingId, action },
    );
  }

  beforeAll(async () => {
    stack = await startConsoleStack();
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: VIEWPORT });
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('an operator calls a tool that needs confirmation and leaves it pending', async () => {
    await signIn(OPERATOR_TOKEN);
    await page.getByRole('button', { name: 'delete_invoice' }).click();
    const call = page.getByRole('region', { name: 'Try delete_invoice' });
    await call.getByLabel('number').fill('INV-9');
    await call.getByLabel('Other arguments').fill('{"apiToken": "tok-do-not-show"}');
    await call.getByRole('button', { name: 'Call' }).click();
    await call.getByRole('group', { name: 'Confirmation' }).waitFor();

    await openConfirmations();
    const rows = page.locator('table.confirmations tbody tr');
    await expect(rows.count()).resolves.toBe(1);
    await expect(rows.first().locator('.principal').textContent()).resolves.toBe('olly (you)');
    // Its own call: the operator may settle it here too.
    await expect(
      rows
        .first()
        .getByRole('button', { name: /^Confirm / })
        .count(),
    ).resolves.toBe(1);
    const listed = await page.evaluate(async (token) => {
      const response = await fetch('/api/confirmations', {
        headers: { authorization: `Bearer ${token}` },
      });
      return (await response.json()) as { confirmations: { id: string }[] };
    }, OPERATOR_TOKEN);
    pendingId = listed.confirmations[0]?.id ?? '';
    expect(pendingId).toMatch(/^cfm_/);
  });

  it('a read-only principal sees the pending call but no buttons, and is refused if it forces one', async () => {
    await signIn(AUDITOR_TOKEN);
    await openConfirmations();
    const rows = page.locator('table.confirmations tbody tr');
    await expect(rows.count()).resolves.toBe(1);
    const row = rows.first();
    await expect(row.locator('.tool-name').textContent()).resolves.toMatch(
      /^billing\.delete_invoice/,
    );
    await expect(row.locator('.principal').textContent()).resolves.toBe('olly');
    const shownArguments = await row.locator('pre.arguments').textContent();
    expect(shownArguments).toContain('"number": "INV-9"');
    expect(shownArguments).toContain('"apiToken": "[REDACTED]"');
    expect(shownArguments).not.toContain('tok-do-not-show');
    await expect(page.getByRole('button', { name: /^(Confirm|Reject) / }).count()).resolves.toBe(0);
    await expect(page.locator('main .help').first().textContent()).resolves.toContain('read-only');
    for (const action of ['confirm', 'reject'] as const) {
      const forced = await forceSettle(AUDITOR_TOKEN, action);
      expect(forced.status).toBe(403);
      expect(forced.body.code).toBe('permission_denied');
    }
    await expectRendered(page, 'confirmations-read-only');
    await expectAccessible(page, 'confirmations (read-only)');

    // A principal that reads only its own calls does not even see it, and cannot settle it.
    await signIn(READER_TOKEN);
    await openConfirmations();
    await page.getByText('No call waits for a confirmation.').waitFor();
    const stranger = await forceSettle(READER_TOKEN, 'confirm');
    expect(stranger.status).toBe(404);
    expect(stranger.body.code).toBe('confirmation_invalid');
  });

  it('an admin sees the operator’s call, confirms it, and the call completes', async () => {
    await signIn(ADMIN_TOKEN);
    await openConfirmations();
    const row = page.locator('table.confirmations tbody tr', { hasText: 'olly' });
    await expect(row.locator('.principal').textContent()).resolves.toBe('olly');
    const toolShown = (await row.locator('.tool-name').textContent()) ?? '';
    await expectRendered(page, 'confirmations');
    await expectAccessible(page, 'confirmations');
    await row.getByRole('button', { name: `Confirm ${toolShown} (${pendingId})` }).click();
    const output = page.locator('.settle-output');
    await output.getByText('Status: success').waitFor();
    await expect(output.locator('pre').textContent()).resolves.toContain('"deleted": "INV-9"');
    await expect(page.locator('table.confirmations tbody tr').count()).resolves.toBe(0);
    // It ran once, as the operator that made it, and the audit history says so.
    const calls = await page.evaluate(async (token) => {
      const response = await fetch('/api/calls', { headers: { authorization: `Bearer ${token}` } });
      return (await response.json()) as {
        calls: { tool: string; principalId?: string; status: string }[];
      };
    }, ADMIN_TOKEN);
    const deletions = calls.calls.filter((record) => record.tool === 'delete_invoice');
    expect(deletions.map((record) => `${record.principalId}:${record.status}`)).toEqual([
      'olly:success',
    ]);
    const again = await forceSettle(ADMIN_TOKEN, 'confirm');
    expect(again.status).toBe(404);

    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByText('No call waits for a confirmation.').waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('an admin rejects a pending call, and it never runs', async () => {
    const parked = await page.evaluate(async (token) => {
      const response = await fetch('/api/execute', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ tool: 'billing.delete_invoice', arguments: { number: 'INV-10' } }),
      });
      return response.status;
    }, OPERATOR_TOKEN);
    expect(parked).toBe(202);
    await page.getByRole('button', { name: 'Refresh' }).click();
    const row = page.locator('table.confirmations tbody tr', { hasText: 'INV-10' });
    await row.getByRole('button', { name: /^Reject / }).click();
    await page.locator('.settle-output').getByText('was rejected').waitFor();
    await expect(page.locator('table.confirmations tbody tr').count()).resolves.toBe(0);
    const statuses = await page.evaluate(async (token) => {
      const response = await fetch('/api/calls', { headers: { authorization: `Bearer ${token}` } });
      const page = (await response.json()) as { calls: { tool: string; status: string }[] };
      return page.calls.filter((call) => call.tool === 'delete_invoice').map((call) => call.status);
    }, ADMIN_TOKEN);
    // The first call ran once; the rejected one ended cancelled, without running.
    expect(statuses.filter((status) => status === 'success')).toHaveLength(1);
    expect(pageErrors).toEqual([]);
  });

  it('an admin sees a call parked outside the REST API (from code) and confirms it', async () => {
    const parked = await stack.arsenal.execute({
      tool: 'billing.delete_invoice',
      arguments: { number: 'INV-CODE' },
      principal: { id: 'batch-job', capabilities: [] },
    });
    expect(parked.status).toBe('pending_confirmation');
    await page.getByRole('button', { name: 'Refresh' }).click();
    const row = page.locator('table.confirmations tbody tr', { hasText: 'INV-CODE' });
    await expect(row.locator('.principal').textContent()).resolves.toBe('batch-job');
    await row.getByRole('button', { name: /^Confirm / }).click();
    const output = page.locator('.settle-output');
    await output.getByText('Status: success').waitFor();
    await expect(output.locator('pre').textContent()).resolves.toContain('"deleted": "INV-CODE"');
    await expect(page.locator('table.confirmations tbody tr').count()).resolves.toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
