// Where the exporters' CPU goes: a loop of no-op executes, then of retrieves, with one exporter
// on (or none), each loop profiled on its own by the V8 profiler (start-up is left out).
// Run: tsx telemetry-profile.ts off|events|otel|prometheus|both [profile-dir]
// (OTLP/protobuf as arsenal.yaml sets it up; OTLP_PROTOCOL=http/json for JSON, SAMPLE_RATIO=0.1
// for head sampling, MAX_TRACES=Infinity to export every trace instead of at most 100 a second;
// `events` is a sink that ignores every event).
// Writes <profile-dir>/<variant>-execute.cpuprofile and -retrieve.cpuprofile (open them in
// Chrome DevTools) when a directory is given, and prints CPU µs per call either way, with the
// share of each loop's profile samples spent in telemetry code: everything under a frame of the
// exporters, the OpenTelemetry SDK, prom-client or core's event sinks, deferred work (span
// building on the next turn, exports on the batch timer) included. That share is read within one
// process, not as the difference of two runs' CPU times, which a busy host moves by more than the
// telemetry costs. The garbage collector's share is printed beside it (it is not split by who
// made the garbage). SAMPLE_INTERVAL_US sets the profiler's interval (default 1000).
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
// 30,000 retrieves take longer than the batch processor's 5 s between exports, so the retrieve
// loop's share includes an export of the spans the trace budget kept.
const RETRIEVES = Number(process.env.RETRIEVES ?? 30_000);

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
      ...(process.env.MAX_TRACES ? { maxTracesPerSecond: Number(process.env.MAX_TRACES) } : {}),
    }),
  );
if (variant === 'prometheus' || variant === 'both') sinks.push(createPrometheusTelemetry());
// A sink that ignores every event: what building the events costs, before any exporter.
if (variant === 'events') sinks.push({ emit() {} });
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
// Microseconds between samples: V8's default, 1 ms (a shorter interval costs CPU of its own).
await session.post('Profiler.setSamplingInterval', {
  interval: Number(process.env.SAMPLE_INTERVAL_US ?? 1000),
});

interface ProfileNode {
  id: number;
  callFrame: { url: string };
  children?: number[];
}
/** Scripts whose frames count as telemetry: exporters, their SDKs, core's event sinks. */
const TELEMETRY_CODE =
  /\/telemetry-(otel|prometheus)\/|@opentelemetry|prom-client|\/core\/dist\/events\/telemetry\.js/;

/** Shares of a profile's sampled time: under telemetry frames, and in the garbage collector. */
function shares(profile: { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[] }) {
  const timeOf = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  let total = 0;
  for (let i = 0; i < samples.length; i++) {
    const time = deltas[i] ?? 0;
    timeOf.set(samples[i]!, (timeOf.get(samples[i]!) ?? 0) + time);
    total += time;
  }
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const subtree = (node: ProfileNode): number =>
    (timeOf.get(node.id) ?? 0) +
    (node.children ?? []).reduce((sum, child) => sum + subtree(byId.get(child)!), 0);
  let telemetry = 0;
  let gc = 0;
  const walk = (node: ProfileNode): void => {
    if (TELEMETRY_CODE.test(node.callFrame.url)) {
      telemetry += subtree(node);
      return;
    }
    if (
      (node as { callFrame: { functionName?: string } }).callFrame.functionName ===
      '(garbage collector)'
    )
      gc += timeOf.get(node.id) ?? 0;
    for (const child of node.children ?? []) walk(byId.get(child)!);
  };
  walk(profile.nodes[0]!);
  return { telemetry: telemetry / total, gc: gc / total };
}
const measuredShares = new Map<string, { telemetry: number; gc: number }>();

/** Runs `loop` twice (warm-up, then measured and profiled); returns the measured CPU time. */
async function measure(name: string, loop: () => Promise<void>): Promise<NodeJS.CpuUsage> {
  await loop();
  await session.post('Profiler.start');
  const started = process.cpuUsage();
  await loop();
  const used = process.cpuUsage(started);
  const { profile } = await session.post('Profiler.stop');
  measuredShares.set(name, shares(profile as unknown as Parameters<typeof shares>[0]));
  if (profileDir)
    writeFileSync(join(profileDir, `${variant}-${name}.cpuprofile`), JSON.stringify(profile));
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
const perCall = (usage: NodeJS.CpuUsage, count: number) => (usage.user + usage.system) / count;
const line = (name: string, usage: NodeJS.CpuUsage, count: number) => {
  const cpu = perCall(usage, count);
  const share = measuredShares.get(name)!;
  return (
    `${name} ${cpu.toFixed(1)} µs CPU/call, telemetry ${(share.telemetry * 100).toFixed(1)}% of ` +
    `the samples (≈ ${(share.telemetry * cpu).toFixed(1)} µs), GC ${(share.gc * 100).toFixed(1)}%`
  );
};
console.log(
  `${variant}: ${line('execute', executeCpu, CALLS)}; ${line('retrieve', retrieveCpu, RETRIEVES)}`,
);
await arsenal.close();
child.kill();
