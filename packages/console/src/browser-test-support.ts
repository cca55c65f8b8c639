import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { summarisePng } from './png-test-support.js';

/** The browser the tests drive: Debian's chromium, or CHROMIUM_PATH. Never a downloaded one. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Why the browser tests cannot run here, or undefined when they can. */
export function browserMissing(): string | undefined {
  if (existsSync(CHROMIUM_PATH)) return undefined;
  const reason = `no Chromium at ${CHROMIUM_PATH} (install Debian's chromium package, or set CHROMIUM_PATH)`;
  // CI installs chromium: there, a missing browser is a failure, not a skip.
  if (process.env.ARSENAL_REQUIRE_BROWSER === '1') {
    throw new Error(`The console browser tests must run (ARSENAL_REQUIRE_BROWSER=1): ${reason}.`);
  }
  return reason;
}

export async function launchChromium(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    // Root (CI containers) cannot use Chromium's sandbox.
    args: process.getuid?.() === 0 ? ['--no-sandbox'] : [],
  });
}

/** Screenshots land here (ignored by git); CI reads them back and checks them. */
export const SCREENSHOT_DIR = fileURLToPath(
  new URL('../test-output/screenshots/', import.meta.url),
);

export const VIEWPORT = { width: 1280, height: 800 };

/** Take a screenshot of the page, save it, and check that something was drawn. */
export async function screenshot(page: Page, name: string) {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await writeFile(path, await page.screenshot({ fullPage: false }));
  return summarisePng(await readFile(path));
}

const require = createRequire(import.meta.url);

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * Run axe-core in the page. The page forbids inline scripts, so axe is evaluated through the
 * browser's debugging protocol, which the page's CSP does not govern.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const source = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(source);
  const results = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } })
      .axe;
    return axe.run();
  });
  return results.violations;
}

/** The violations an accessibility gate fails on. */
export function seriousViolations(violations: AxeViolation[]): string[] {
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
          .map((node) => JSON.stringify(node.target))
          .join(', ')}`,
    );
}

/** Check a screenshot shows a rendered page: the expected size, many colours, real content. */
export async function expectRendered(page: Page, name: string): Promise<void> {
  const png = await screenshot(page, name);
  expect(png.width, name).toBe(VIEWPORT.width);
  expect(png.height, name).toBe(VIEWPORT.height);
  expect(png.colours, `${name}: colours`).toBeGreaterThan(20);
  expect(png.inkShare, `${name}: share of non-background pixels`).toBeGreaterThan(0.03);
}

/** No serious or critical axe-core violation on the page as it is now. */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  expect(seriousViolations(await axeViolations(page)), name).toEqual([]);
}
