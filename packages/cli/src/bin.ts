#!/usr/bin/env node
import { runCli } from './cli.js';

// A closed pipe (`arsenal list | head`) is a normal way for output to end, not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
});
