import { readFileSync } from 'node:fs';

/**
 * The version of this package, as its package.json says.
 *
 * @example
 * ```ts
 * import { cliVersion } from '@arsenal/cli';
 *
 * console.log(`arsenal ${cliVersion()}`); // arsenal 0.1.0
 * ```
 */
export function cliVersion(): string {
  const packageJson = JSON.parse(
    readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
  ) as { version: string };
  return packageJson.version;
}
