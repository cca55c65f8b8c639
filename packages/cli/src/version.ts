import { readFileSync } from 'node:fs';

/** The version of this package, as its package.json says. */
export function cliVersion(): string {
  const packageJson = JSON.parse(
    readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
  ) as { version: string };
  return packageJson.version;
}
