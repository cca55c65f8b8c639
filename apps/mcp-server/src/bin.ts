#!/usr/bin/env node
import { runCli } from '@arsenal/cli';

// `arsenal-mcp [options]` is `arsenal serve [options]`: one implementation, two names.
process.exitCode = await runCli(['serve', ...process.argv.slice(2)], {
  stdout: process.stdout,
  stderr: process.stderr,
});
