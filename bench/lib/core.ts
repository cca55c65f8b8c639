// The core under test: this workspace's build, or another one given as ARSENAL_CORE (the path of
// its dist/index.js), so that two commits can be measured side by side in one session on the
// same machine. Set BENCH_LABEL too, so their results are written to different files.
import { pathToFileURL } from 'node:url';

type Core = typeof import('@arsenal/core');

const other = process.env.ARSENAL_CORE;
const core: Core = other
  ? ((await import(pathToFileURL(other).href)) as Core)
  : await import('@arsenal/core');

export default core;
