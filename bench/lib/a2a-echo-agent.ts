import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AgentCard, type Part, TaskState } from '@a2a-js/sdk';
import { type AgentExecutor, DefaultRequestHandler, InMemoryTaskStore } from '@a2a-js/sdk/server';
import { jsonRpcHandler, UserBuilder } from '@a2a-js/sdk/server/express';
import express from 'express';

const textPart = (value: string): Part => ({
  content: { $case: 'text', value },
  metadata: undefined,
  filename: '',
  mediaType: 'text/plain',
});

/** A minimal A2A agent (the SDK's server): one skill that echoes its text as an artifact. */
export async function startEchoAgent(): Promise<{ url: string; close(): Promise<void> }> {
  const executor: AgentExecutor = {
    async execute(context, bus) {
      const { taskId, contextId } = context;
      bus.publish({
        kind: 'task',
        data: {
          id: taskId,
          contextId,
          status: { state: TaskState.TASK_STATE_WORKING, message: undefined, timestamp: undefined },
          artifacts: [],
          history: [context.userMessage],
          metadata: undefined,
        },
      });
      const text = context.userMessage.parts
        .flatMap((part) => (part.content?.$case === 'text' ? [part.content.value] : []))
        .join(' ');
      bus.publish({
        kind: 'artifactUpdate',
        data: {
          taskId,
          contextId,
          artifact: {
            artifactId: 'echo',
            name: 'echo',
            description: '',
            parts: [textPart(text)],
            metadata: undefined,
            extensions: [],
          },
          append: false,
          lastChunk: true,
          metadata: undefined,
        },
      });
      bus.publish({
        kind: 'statusUpdate',
        data: {
          taskId,
          contextId,
          status: {
            state: TaskState.TASK_STATE_COMPLETED,
            message: undefined,
            timestamp: undefined,
          },
          metadata: undefined,
        },
      });
      bus.finished();
    },
    async cancelTask() {},
  };
  const app = express();
  let card: Record<string, unknown> = {};
  app.get('/.well-known/agent-card.json', (_request, response) => {
    response.json(card);
  });
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  card = {
    name: 'Echo',
    description: 'Echoes text.',
    version: '1.0.0',
    supportedInterfaces: [
      { url: `${url}/a2a`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
    ],
    capabilities: { streaming: true },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [{ id: 'echo', name: 'Echo', description: 'Echo the text it receives.', tags: [] }],
  };
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
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
