import { isAbsolute, resolve } from 'node:path';
import type { ProcessToolSpec } from '@arsenal/executor-process';
import type { ArsenalConfig } from './schema.js';

/** The `cli:` entries as process tool specs, with working directories resolved from the config. */
export function cliToolSpecs(config: ArsenalConfig): ProcessToolSpec[] {
  return (config.cli ?? []).map((entry) => {
    const { cwd, sandbox, ...rest } = entry;
    const spec: ProcessToolSpec = { ...(rest as ProcessToolSpec) };
    if (cwd !== undefined) spec.cwd = isAbsolute(cwd) ? cwd : resolve(config.baseDir, cwd);
    if (sandbox !== undefined) {
      const fromConfig = (dirs: readonly string[]) =>
        dirs.map((dir) => resolve(config.baseDir, dir));
      spec.sandbox =
        typeof sandbox === 'boolean'
          ? sandbox
          : {
              ...sandbox,
              ...(sandbox.writable ? { writable: fromConfig(sandbox.writable) } : {}),
              ...(sandbox.readable ? { readable: fromConfig(sandbox.readable) } : {}),
            };
    }
    return spec;
  });
}
