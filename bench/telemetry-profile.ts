// Where the exporters' CPU goes: a loop of no-op executes, then of retrieves, with one exporter
// on (or none), each loop profiled on its own by the V8 profiler (start-up is left out).
// Run: tsx telemetry-profile.ts off|otel|prometheus|both [profile-dir]
// (OTLP/protobuf as arsenal.yaml sets it up; OTLP_PROTOCOL=http/json for JSON, SAMPLE_RATIO=0.1
// for head sampling).
// Writes <profile-dir>/<variant>-execute.cpuprofile and -retrieve.cpuprofile (open them in
// Chrome DevTools) when a directory is given, and prints CPU µs per call either way.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { combineTelemetry, createArsenal, defineTool, type Telemetry } from '@arsenal/core';
import otelTelemetryFromConfig from '@arsenal/telemetry-otel';
import { createPrometheusTelemetry } from '@arsenal/telemetry-prometheus';
import { syntheticCatalog, syntheticQueries } from './lib/synthetic-catalog.js';

const variant = process.argv[2] ?? 'otel';
const CALLS = Number(process.env.CALLS ?? 100_000);
const RETRIEVES = Number(process.env.RETRIEVES ?? 5_000);

const child = spawn(
  process.execPath,
  [
    '-e',
    `const s = require('node:http').createServer((q, r) => { q.resume(); q.on('end', () => r.writeHead(200, { 'content-type': 'application/json' }).end('{}')); });
     s.listen(0, '127.0.0.1', () => process.stdout.write(s.address().port + '\\n'));`,
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
const port = await new Promise<string>((resolve) =>
  child.stdout?.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())),
);

const sinks: Telemetry[] = [];
if (variant === 'otel' || variant === 'both')
  sinks.push(
    otelTelemetryFromConfig({
      otlp: {
        url: `http://127.0.0.1:${port}/v1/traces`,
        protocol: process.env.OTLP_PROTOCOL === 'http/json' ? 'http/json' : 'http/protobuf',
      },
      ...(process.env.SAMPLE_RATIO ? { sampleRatio: Number(process.env.SAMPLE_RATIO) } : {}),
    }),
  );
if (variant === 'prometheus' || variant === 'both') sinks.push(createPrometheusTelemetry());
const telemetry = sinks.length > 1 ? combineTelemetry(...sinks) : sinks[0];
const arsenal = createArsenal(telemetry ? { telemetry } : {});
const noop = defineTool({
  name: 'noop_bench',
  description: 'Do nothing and answer at once.',
  input: { type: 'object', properties: { city: { type: 'string' } } },
  handler: (args) => ({ ok: true, city: args.city }),
});
await arsenal.register([...syntheticCatalog(1000), noop]);
const call = { tool: 'noop_bench', arguments: { city: 'Oslo' }, principal: { id: 'bench-user' } };
const queries = syntheticQueries(400);
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

const profileDir = process.argv[3];
const session = new Session();
session.connect();
await session.post('Profiler.enable');

/** Runs `loop` twice (warm-up, then measured and profiled); returns the measured CPU time. */
async function measure(name: string, loop: () => Promise<void>): Promise<NodeJS.CpuUsage> {
  await loop();
  if (profileDir) await session.post('Profiler.start');
  const started = process.cpuUsage();
  await loop();
  const used = process.cpuUsage(started);
  if (profileDir) {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(join(profileDir, `${variant}-${name}.cpuprofile`), JSON.stringify(profile));
  }
  return used;
}

const executeCpu = await measure('execute', async () => {
  for (let i = 0; i < CALLS; i++) {
    await arsenal.execute(call);
    if (i % 1000 === 999) await settle();
  }
  await settle();
});
const retrieveCpu = await measure('retrieve', async () => {
  for (let i = 0; i < RETRIEVES; i++) {
    await arsenal.retrieve({ query: queries[i % queries.length]!, limit: 10 });
    if (i % 100 === 99) await settle();
  }
  await settle();
});
session.disconnect();
const perCall = (usage: NodeJS.CpuUsage, count: number) =>
  ((usage.user + usage.system) / count).toFixed(1);
console.log(
  `${variant}: execute ${perCall(executeCpu, CALLS)} µs CPU/call, retrieve ${perCall(retrieveCpu, RETRIEVES)} µs CPU/call`,
);
await arsenal.close();
child.kill();
