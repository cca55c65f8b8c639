#!/usr/bin/env node
import { runCli } from '@arsenal/cli';

// `arsenal-a2a [options]` is `arsenal serve --a2a <address> [options]`: one implementation.
const args = process.argv.slice(2);
const address = args.includes('--a2a') ? [] : ['--a2a', `127.0.0.1:${process.env.PORT ?? '4444'}`];
process.exitCode = await runCli(['serve', ...address, ...args], {
  stdout: process.stdout,
  stderr: process.stderr,
});
