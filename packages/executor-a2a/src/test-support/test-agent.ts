import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { AGENT_CARD_PATH, AgentCard, type Part, TaskState } from '@a2a-js/sdk';
import {
  type AgentExecutor,
  DefaultRequestHandler,
  type ExecutionEventBus,
  InMemoryTaskStore,
  type RequestContext,
} from '@a2a-js/sdk/server';
import { jsonRpcHandler, UserBuilder } from '@a2a-js/sdk/server/express';
import express, { type NextFunction, type Request, type Response } from 'express';
import {
  agentMessage,
  data,
  type TestAgentOptions,
  testAgentCard,
  text,
} from './test-agent-card.js';

export { type TestAgentOptions, testAgentCard } from './test-agent-card.js';

/** A real A2A agent (the SDK's server over express) with one skill per behaviour under test. */
export interface TestAgent {
  url: string;
  /** Number of `tasks/cancel` calls the agent received. */
  cancels(): number;
  /** Requests that reached the JSON-RPC endpoint, with their Authorization/X-API-Key header. */
  requests(): { authorization?: string; apiKey?: string; traceparent?: string }[];
  /** Replace the card served from now on (a card that changes, a card that lies). */
  setCard(card: Record<string, unknown>): void;
  /** Let every hanging or streaming task finish. */
  release(): void;
  /** Destroy open sockets (an agent dying mid-stream) and keep refusing nothing else. */
  dropConnections(): void;
  close(): Promise<void>;
}

export async function startTestAgent(options: TestAgentOptions = {}): Promise<TestAgent> {
  let cancels = 0;
  const seen: { authorization?: string; apiKey?: string; traceparent?: string }[] = [];
  const waiters = new Set<() => void>();
  const release = () => {
    for (const resolve of [...waiters]) resolve();
    waiters.clear();
  };
  const wait = (ms: number, signal: AbortSignal) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        waiters.delete(done);
        resolve();
      }
      waiters.add(done);
      signal.addEventListener('abort', done, { once: true });
    });
  const running = new Map<string, AbortController>();

  const executor: AgentExecutor = {
    async execute(context: RequestContext, bus: ExecutionEventBus) {
      const { taskId, contextId } = context;
      const message = context.userMessage;
      const skill = String(message.metadata?.skillId ?? 'echo');
      const controller = new AbortController();
      running.set(taskId, controller);
      const status = (state: TaskState, parts?: Part[]) =>
        bus.publish({
          kind: 'statusUpdate',
          data: {
            taskId,
            contextId,
            status: {
              state,
              message: parts ? agentMessage(taskId, contextId, parts) : undefined,
              timestamp: new Date().toISOString(),
            },
            metadata: undefined,
          },
        });
      const artifact = (name: string, parts: Part[]) =>
        bus.publish({
          kind: 'artifactUpdate',
          data: {
            taskId,
            contextId,
            artifact: {
              artifactId: crypto.randomUUID(),
              name,
              description: '',
              parts,
              metadata: undefined,
              extensions: [],
            },
            append: false,
            lastChunk: true,
            metadata: undefined,
          },
        });
      // A stream starts with the task: the stored one when the message continues it.
      if (context.task) {
        bus.publish({
          kind: 'task',
          data: {
            ...context.task,
            status: {
              state: TaskState.TASK_STATE_WORKING,
              message: undefined,
              timestamp: undefined,
            },
          },
        });
      } else {
        bus.publish({
          kind: 'task',
          data: {
            id: taskId,
            contextId,
            status: {
              state: TaskState.TASK_STATE_SUBMITTED,
              message: undefined,
              timestamp: undefined,
            },
            artifacts: [],
            history: [message],
            metadata: { skillId: skill },
          },
        });
      }
      const texts = message.parts.flatMap((part) =>
        part.content?.$case === 'text' ? [part.content.value] : [],
      );
      const datas = message.parts.flatMap((part) =>
        part.content?.$case === 'data' ? [part.content.value] : [],
      );
      try {
        switch (skill) {
          case 'echo':
            artifact('echo', [text(`echo: ${texts.join(' ')}`), ...datas.map((d) => data(d))]);
            status(TaskState.TASK_STATE_COMPLETED);
            break;
          case 'count_slowly':
            for (let step = 1; step <= 3; step += 1) {
              status(TaskState.TASK_STATE_WORKING, [text(`counted ${step} of 3`)]);
              await wait(20, controller.signal);
              if (controller.signal.aborted) return;
            }
            artifact('count', [text('1 2 3'), data({ counted: 3 })]);
            status(TaskState.TASK_STATE_COMPLETED);
            break;
          case 'ask_name':
            if (context.task && texts.length > 0) {
              artifact('greeting', [text(`Hello, ${texts.join(' ')}!`)]);
              status(TaskState.TASK_STATE_COMPLETED);
            } else {
              status(TaskState.TASK_STATE_INPUT_REQUIRED, [text('What is your name?')]);
            }
            break;
          case 'always_fail':
            status(TaskState.TASK_STATE_FAILED, [text('the backend refused the request')]);
            break;
          case 'hang':
            status(TaskState.TASK_STATE_WORKING, [text('started')]);
            await wait(3_600_000, controller.signal);
            if (controller.signal.aborted) return;
            artifact('hang', [text('released')]);
            status(TaskState.TASK_STATE_COMPLETED);
            break;
          case 'make_file':
            artifact('files', [
              {
                content: { $case: 'raw', value: Buffer.from('hello file') },
                metadata: undefined,
                filename: 'hello.txt',
                mediaType: 'text/plain',
              },
              {
                content: { $case: 'url', value: 'https://example.invalid/report.pdf' },
                metadata: undefined,
                filename: 'report.pdf',
                mediaType: 'application/pdf',
              },
            ]);
            status(TaskState.TASK_STATE_COMPLETED);
            break;
          default:
            status(TaskState.TASK_STATE_REJECTED, [text(`unknown skill ${skill}`)]);
        }
      } finally {
        running.delete(taskId);
        bus.finished();
      }
    },
    async cancelTask(taskId: string, bus: ExecutionEventBus) {
      cancels += 1;
      running.get(taskId)?.abort();
      bus.publish({
        kind: 'statusUpdate',
        data: {
          taskId,
          contextId: '',
          status: {
            state: TaskState.TASK_STATE_CANCELED,
            message: undefined,
            timestamp: undefined,
          },
          metadata: undefined,
        },
      });
      bus.finished();
    },
  };

  const app = express();
  const sockets = new Set<Socket>();
  let card: Record<string, unknown> = {};
  const cardJson = () => card;
  // The SDK's handler takes the parsed card; serve our raw JSON so tests can serve broken cards.
  const cardPath = options.legacyCardPath ? '/.well-known/agent.json' : `/${AGENT_CARD_PATH}`;
  app.get(cardPath, (_request, response) => {
    response.json(cardJson());
  });
  app.use('/a2a', (request: Request, response: Response, next: NextFunction) => {
    const authorization = request.headers.authorization;
    const apiKey = request.headers['x-api-key'];
    const traceparent = request.headers.traceparent;
    seen.push({
      ...(authorization ? { authorization } : {}),
      ...(typeof apiKey === 'string' ? { apiKey } : {}),
      ...(typeof traceparent === 'string' ? { traceparent } : {}),
    });
    const auth = options.auth;
    if (auth) {
      const ok =
        auth.type === 'bearer' ? authorization === `Bearer ${auth.secret}` : apiKey === auth.secret;
      if (!ok) {
        response.status(401).json({ error: 'unauthorized' });
        return;
      }
    }
    next();
  });
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  card = testAgentCard(url, options.auth);
  const handler = new DefaultRequestHandler(
    AgentCard.fromJSON(card),
    new InMemoryTaskStore(),
    executor,
  );
  app.use(
    '/a2a',
    jsonRpcHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication }),
  );
  return {
    url,
    cancels: () => cancels,
    requests: () => [...seen],
    setCard: (next) => {
      card = next;
    },
    release,
    dropConnections: () => {
      for (const socket of sockets) socket.destroy();
    },
    close: async () => {
      release();
      for (const controller of running.values()) controller.abort();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
