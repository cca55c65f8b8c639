// Round-trip latency of one A2A call to a local agent (the SDK's server, one echo skill): the SDK
// client calling it directly versus Arsenal's executor (`arsenal.execute` → executor-a2a → the
// same SDK client), with message/send and message/stream, in the same run. Calls alternate
// between the two paths of a pair so both see the same machine load.
import type { Message, SendMessageRequest } from '@a2a-js/sdk';
import { ClientFactory, JsonRpcTransportFactory } from '@a2a-js/sdk/client';
import { createArsenal } from '@arsenal/core';
import { createA2aToolSource } from '@arsenal/executor-a2a';
import { startEchoAgent } from './lib/a2a-echo-agent.js';
import { percentile, printTable, writeResult } from './lib/report.js';

const CALLS = Number(process.env.CALLS ?? 1000);
const WARMUP = 100;

function request(text: string): SendMessageRequest {
  const message: Message = {
    messageId: crypto.randomUUID(),
    contextId: '',
    taskId: '',
    role: 1,
    parts: [
      {
        content: { $case: 'text', value: text },
        metadata: undefined,
        filename: '',
        mediaType: 'text/plain',
      },
    ],
    metadata: { skillId: 'echo' },
    extensions: [],
    referenceTaskIds: [],
  };
  return { tenant: '', message, configuration: undefined, metadata: undefined };
}

interface Path {
  mode: 'send' | 'stream';
  label: string;
  call: () => Promise<void>;
  times: number[];
}

async function measure(paths: Path[]): Promise<void> {
  for (let round = 0; round < WARMUP + CALLS; round++) {
    for (const path of round % 2 === 0 ? paths : [...paths].reverse()) {
      const started = performance.now();
      await path.call();
      if (round >= WARMUP) path.times.push(performance.now() - started);
    }
  }
}

const agent = await startEchoAgent();
try {
  const client = await new ClientFactory({
    transports: [new JsonRpcTransportFactory()],
  }).createFromUrl(agent.url);
  const arsenals = await Promise.all(
    (['send', 'stream'] as const).map(async (mode) => {
      const arsenal = createArsenal();
      await arsenal.addSource(createA2aToolSource({ url: agent.url, name: 'echo', mode }));
      return arsenal;
    }),
  );
  const viaArsenal = (index: number) => async () => {
    const result = await arsenals[index]!.execute({
      tool: 'echo_echo',
      arguments: { message: 'hi' },
    });
    if (result.status !== 'success') throw new Error(`call failed: ${result.error?.message}`);
  };
  const sendPaths: Path[] = [
    {
      mode: 'send',
      label: 'SDK client direct',
      call: async () => void (await client.sendMessage(request('hi'))),
      times: [],
    },
    { mode: 'send', label: 'through arsenal executor', call: viaArsenal(0), times: [] },
  ];
  const streamPaths: Path[] = [
    {
      mode: 'stream',
      label: 'SDK client direct',
      call: async () => {
        for await (const _event of client.sendMessageStream(request('hi'))) {
          // drain
        }
      },
      times: [],
    },
    { mode: 'stream', label: 'through arsenal executor', call: viaArsenal(1), times: [] },
  ];
  await measure(sendPaths);
  await measure(streamPaths);
  const rows = [...sendPaths, ...streamPaths].map((path) => {
    const sorted = [...path.times].sort((a, b) => a - b);
    return {
      mode: path.mode,
      label: path.label,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
    };
  });
  printTable(
    ['mode', 'path', 'p50 ms', 'p95 ms', 'p99 ms'],
    rows.map((row) => [
      row.mode,
      row.label,
      row.p50.toFixed(3),
      row.p95.toFixed(3),
      row.p99.toFixed(3),
    ]),
  );
  const overhead = (mode: Path['mode']) => {
    const [direct, via] = rows.filter((row) => row.mode === mode);
    return { p50Ms: via!.p50 - direct!.p50, p50Ratio: via!.p50 / direct!.p50 };
  };
  const overheads = { send: overhead('send'), stream: overhead('stream') };
  console.log(
    `\noverhead at p50: send +${overheads.send.p50Ms.toFixed(3)} ms (x${overheads.send.p50Ratio.toFixed(2)}), stream +${overheads.stream.p50Ms.toFixed(3)} ms (x${overheads.stream.p50Ratio.toFixed(2)}); ${CALLS} calls per path, alternating`,
  );
  console.log(
    `wrote ${writeResult('a2a-latency', { date: new Date().toISOString(), calls: CALLS, rows, overheads })}`,
  );
  await Promise.all(arsenals.map((arsenal) => arsenal.close()));
} finally {
  await agent.close();
}
