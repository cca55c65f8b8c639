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
      spec.sandbox =
        typeof sandbox === 'boolean'
          ? sandbox
          : {
              ...sandbox,
              ...(sandbox.writable
                ? { writable: sandbox.writable.map((dir) => resolve(config.baseDir, dir)) }
                : {}),
            };
    }
    return spec;
  });
}
