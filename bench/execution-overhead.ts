// Engine overhead per no-op call against calling the handler directly, in the same run.
// Validation, policy, circuit breaker, health and an in-memory audit record are all on.
import type { ToolCallContext } from '@arsenal/core';
import core from './lib/core.js';
import { percentile, printTable, writeResult } from './lib/report.js';

const {
  createExecutionEngine,
  createFunctionExecutor,
  createInMemoryHistoryStore,
  createStaticToolResolver,
  createToolDefinition,
} = core;

const ROUNDS = Number(process.env.ROUNDS ?? 100);
const BLOCK = 1000;
const WARMUP = 20_000;

const handler = (args: Record<string, unknown>, _context: ToolCallContext) => ({
  ok: true,
  city: args.city,
});
const definition = createToolDefinition({
  name: 'get_weather',
  description: 'Get the current weather for a city (no-op for benchmarks).',
  parametersSchema: {
    type: 'object',
    properties: {
      city: { type: 'string', minLength: 1 },
      units: { type: 'string', enum: ['metric', 'imperial'], default: 'metric' },
    },
    required: ['city'],
    additionalProperties: false,
  },
  capabilities: ['read_data'],
});
const history = createInMemoryHistoryStore({ capacity: 10_000 });
const engine = createExecutionEngine({
  resolver: createStaticToolResolver([{ definition, executor: createFunctionExecutor(handler) }]),
  historyStore: history,
});
const call = { tool: 'get_weather', arguments: { city: 'Oslo' } };
const context: ToolCallContext = {
  signal: new AbortController().signal,
  tool: definition,
  callId: 'bench',
  reportProgress: () => {},
};

async function direct(samples: number[] | undefined): Promise<void> {
  for (let i = 0; i < BLOCK; i++) {
    const start = performance.now();
    await handler({ city: 'Oslo' }, context);
    samples?.push(performance.now() - start);
  }
}

async function viaEngine(samples: number[] | undefined): Promise<void> {
  for (let i = 0; i < BLOCK; i++) {
    const start = performance.now();
    const result = await engine.execute(call);
    samples?.push(performance.now() - start);
    if (result.status !== 'success')
      throw new Error(`benchmark call failed: ${result.error?.message}`);
  }
}

for (let i = 0; i < WARMUP / BLOCK; i++) {
  await direct(undefined);
  await viaEngine(undefined);
}

const directSamples: number[] = [];
const engineSamples: number[] = [];
let directMs = 0;
let engineMs = 0;
// CPU time of the engine blocks (this process, GC threads included): on a shared machine wall
// time also counts the time spent waiting for a core.
let engineCpuUs = 0;
// Alternate blocks so JIT and GC drift hit both sides alike.
for (let round = 0; round < ROUNDS; round++) {
  let start = performance.now();
  await direct(directSamples);
  directMs += performance.now() - start;
  start = performance.now();
  const cpuBefore = process.cpuUsage();
  await viaEngine(engineSamples);
  engineMs += performance.now() - start;
  const cpu = process.cpuUsage(cpuBefore);
  engineCpuUs += cpu.user + cpu.system;
}

directSamples.sort((a, b) => a - b);
engineSamples.sort((a, b) => a - b);
const us = (ms: number) => Math.round(ms * 1000 * 100) / 100;
const calls = ROUNDS * BLOCK;
const summary = {
  calls,
  directP50Us: us(percentile(directSamples, 50)),
  directP99Us: us(percentile(directSamples, 99)),
  engineP50Us: us(percentile(engineSamples, 50)),
  engineP99Us: us(percentile(engineSamples, 99)),
  addedP50Us: us(percentile(engineSamples, 50) - percentile(directSamples, 50)),
  addedP99Us: us(percentile(engineSamples, 99) - percentile(directSamples, 99)),
  directCallsPerSecond: Math.round(calls / (directMs / 1000)),
  engineCallsPerSecond: Math.round(calls / (engineMs / 1000)),
  engineCallsPerCpuSecond: Math.round(calls / (engineCpuUs / 1e6)),
  targets: { addedP50Us: 5, engineCallsPerSecond: 150_000 },
  auditRecords: await history.count(),
};

printTable(
  ['path', 'p50 µs', 'p99 µs', 'calls/s (sequential)'],
  [
    ['handler directly', summary.directP50Us, summary.directP99Us, summary.directCallsPerSecond],
    ['engine.execute', summary.engineP50Us, summary.engineP99Us, summary.engineCallsPerSecond],
    ['added by the engine', summary.addedP50Us, summary.addedP99Us, '—'],
  ],
);
console.log(`engine calls per CPU-second: ${summary.engineCallsPerCpuSecond}`);
console.log(
  `\ntargets: added p50 < 5 µs → ${summary.addedP50Us < 5 ? 'met' : 'MISSED'}; ` +
    `> 150,000 calls/s → ${summary.engineCallsPerSecond > 150_000 ? 'met' : 'MISSED'}`,
);
console.log(`wrote ${writeResult('execution-overhead', summary)}`);
await engine.close();
