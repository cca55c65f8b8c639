import type { Message, Part, SendMessageRequest } from '@a2a-js/sdk';
import { TaskState } from '@a2a-js/sdk';
import type { Client } from '@a2a-js/sdk/client';
import {
  ArsenalError,
  type ExecutionRequest,
  type Executor,
  type ToolCallContext,
  type ToolDefinition,
} from '@arsenal/core';
import { formatTraceparent } from '@arsenal/core/adapter';
import { A2aSkillMissingError, A2aTaskError, A2aUnavailableError } from './a2a-errors.js';
import { isNetworkFailure, timeoutError, toCallError } from './call-errors.js';
import { type A2aToolResult, isSettled, isTerminal, TaskTracker, textOf } from './task-tracker.js';

/** What the executor needs from its source. */
export interface A2aAgentLink {
  agentUrl: string;
  /** The SDK client for the agent's current card (fetching it first when needed). */
  client(signal: AbortSignal): Promise<Client>;
  /** Re-read the card: the skill ids it lists now. */
  currentSkillIds(signal: AbortSignal): Promise<ReadonlySet<string>>;
}

export interface A2aExecutorOptions {
  link: A2aAgentLink;
  timeoutMs: number;
  resubscribeAttempts: number;
}

/** The skill a tool calls: kept in its metadata. */
export function skillIdOf(tool: ToolDefinition): string {
  const id = tool.metadata.a2aSkillId;
  return typeof id === 'string' ? id : tool.name;
}

const textPart = (value: string): Part => ({
  content: { $case: 'text', value },
  metadata: undefined,
  filename: '',
  mediaType: 'text/plain',
});

function buildRequest(
  skillId: string,
  input: { text?: string; data?: unknown },
  taskId: string | undefined,
  contextId: string,
): SendMessageRequest {
  const parts: Part[] = [];
  if (input.text !== undefined && input.text !== '') parts.push(textPart(input.text));
  if (input.data !== undefined)
    parts.push({
      content: { $case: 'data', value: input.data },
      metadata: undefined,
      filename: '',
      mediaType: 'application/json',
    });
  if (parts.length === 0) parts.push(textPart(''));
  const message: Message = {
    messageId: crypto.randomUUID(),
    contextId,
    taskId: taskId ?? '',
    role: 1,
    parts,
    metadata: { skillId },
    extensions: [],
    referenceTaskIds: [],
  };
  return { tenant: '', message, configuration: undefined, metadata: undefined };
}

/**
 * Runs the skills of one A2A agent. A call is a message: message/send, or message/stream with
 * status updates as progress and re-attachment (tasks/resubscribe) when the stream drops. Aborts
 * and timeouts cancel the remote task; `input-required` asks the caller through
 * `context.requestInput` when it can answer, and otherwise comes back as the result.
 */
export class A2aExecutor implements Executor {
  readonly kind = 'a2a';
  readonly #options: A2aExecutorOptions;

  constructor(options: A2aExecutorOptions) {
    this.#options = options;
  }

  canExecute(tool: ToolDefinition): boolean {
    return tool.source === 'a2a_agent' && tool.metadata.a2aAgentUrl === this.#options.link.agentUrl;
  }

  async execute(request: ExecutionRequest): Promise<A2aToolResult> {
    const { tool, context } = request;
    const { link, timeoutMs } = this.#options;
    const skillId = skillIdOf(tool);
    const streaming = tool.metadata.a2aStreaming === true;
    const call = new AbortController();
    const onAbort = () => call.abort(context.signal.reason);
    if (context.signal.aborted) onAbort();
    context.signal.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => call.abort(timeoutError(tool.name, timeoutMs)), timeoutMs);
    const tracker = new TaskTracker();
    const args = request.arguments;
    const contextId = crypto.randomUUID();
    // W3C trace context as a header (A2A service parameter), so a traced agent continues the trace.
    const traceparent = formatTraceparent(context);
    const requestOptions = {
      signal: call.signal,
      ...(traceparent ? { serviceParameters: { traceparent } } : {}),
    };
    let client: Client | undefined;
    try {
      client = await link.client(call.signal);
      let input: { text?: string; data?: unknown } = {
        ...(typeof args.message === 'string' ? { text: args.message } : {}),
        ...(args.data === undefined ? {} : { data: args.data }),
      };
      let taskId = typeof args.taskId === 'string' && args.taskId ? args.taskId : undefined;
      for (;;) {
        const sendRequest = buildRequest(skillId, input, taskId, taskId ? '' : contextId);
        if (streaming) await this.#stream(client, sendRequest, tracker, context, requestOptions);
        else tracker.absorbResult(await client.sendMessage(sendRequest, requestOptions));
        const state = tracker.state;
        if (state === 'completed') return tracker.result();
        if (state === 'failed' || state === 'rejected' || state === 'canceled')
          throw await this.#taskError(tool, skillId, tracker, call.signal);
        if (state !== 'input-required' && state !== 'auth-required') return tracker.result();
        if (!context.requestInput) return tracker.result();
        const answer = await context.requestInput({
          kind: state === 'auth-required' ? 'auth' : 'input',
          message:
            tracker.statusMessage ??
            `The agent needs more ${state === 'auth-required' ? 'authentication' : 'input'}.`,
          data: {
            taskId: tracker.taskId,
            contextId: tracker.contextId,
            skillId,
            agentUrl: link.agentUrl,
          },
        });
        if (answer.declined) {
          await this.#cancelRemote(client, tracker);
          throw new ArsenalError(
            'input_declined',
            `A2A tool "${tool.name}": the caller declined to answer the agent ("${tracker.statusMessage ?? state}"), so its task was cancelled.`,
          );
        }
        taskId = tracker.taskId;
        input = {
          ...(answer.text === undefined ? {} : { text: answer.text }),
          ...(answer.data === undefined ? {} : { data: answer.data }),
        };
      }
    } catch (error) {
      if (call.signal.aborted && client) await this.#cancelRemote(client, tracker, contextId);
      throw toCallError(error, {
        toolName: tool.name,
        agentUrl: link.agentUrl,
        taskId: tracker.taskId,
        signal: call.signal,
      });
    } finally {
      clearTimeout(timer);
      context.signal.removeEventListener('abort', onAbort);
    }
  }

  async #stream(
    client: Client,
    request: SendMessageRequest,
    tracker: TaskTracker,
    context: ToolCallContext,
    requestOptions: { signal: AbortSignal; serviceParameters?: Record<string, string> },
  ): Promise<void> {
    const { signal } = requestOptions;
    const report = () => {
      if (tracker.state !== 'working' || !tracker.statusMessage) return;
      try {
        context.reportProgress({ message: tracker.statusMessage });
      } catch {
        // A faulty progress listener must not fail the call.
      }
    };
    let attemptsLeft = this.#options.resubscribeAttempts;
    let continuing = Boolean(request.message?.taskId);
    let events = client.sendMessageStream(request, requestOptions);
    for (;;) {
      try {
        let first = true;
        for await (const event of events) {
          tracker.absorbEvent(event);
          // A message that continues a task is answered first with the task as it stood
          // (still input-required): that snapshot does not end the stream.
          const snapshot = first && continuing && event.payload?.$case === 'task';
          first = false;
          if (event.payload?.$case === 'statusUpdate') report();
          if (!snapshot && isSettled(tracker.state)) return;
        }
        if (isSettled(tracker.state)) return;
      } catch (error) {
        if (signal.aborted || !isNetworkFailure(error) || !tracker.taskId) throw error;
      }
      // The stream ended before the task did: look at the task, then re-attach to it.
      if (!tracker.taskId || attemptsLeft <= 0) {
        throw new A2aUnavailableError(
          this.#options.link.agentUrl,
          `the stream of task ${tracker.taskId ?? '(not started)'} dropped before it ended and re-attaching failed`,
        );
      }
      attemptsLeft -= 1;
      try {
        tracker.absorbResult(
          await client.getTask({ tenant: '', id: tracker.taskId }, requestOptions),
        );
        if (isSettled(tracker.state)) return;
      } catch (error) {
        if (signal.aborted) throw error;
        if (attemptsLeft <= 0)
          throw new A2aUnavailableError(
            this.#options.link.agentUrl,
            `the stream of task ${tracker.taskId} dropped and the agent did not answer tasks/get (${(error as Error).message})`,
            { cause: error },
          );
        continue;
      }
      events = client.resubscribeTask({ tenant: '', id: tracker.taskId }, requestOptions);
      continuing = false;
    }
  }

  async #taskError(
    tool: ToolDefinition,
    skillId: string,
    tracker: TaskTracker,
    signal: AbortSignal,
  ): Promise<ArsenalError> {
    const detail = tracker.statusMessage ?? textOf(tracker.statusParts);
    if (tracker.state === 'rejected') {
      // A rejection may mean the card lies: check whether it still lists the skill.
      try {
        const skills = await this.#options.link.currentSkillIds(signal);
        if (!skills.has(skillId))
          return new A2aSkillMissingError(tool.name, skillId, this.#options.link.agentUrl, detail);
      } catch {
        // The card could not be re-read: report the rejection itself.
      }
    }
    return new A2aTaskError(tool.name, tracker.state, detail, {
      ...(tracker.taskId ? { taskId: tracker.taskId } : {}),
      code: tracker.state === 'rejected' ? 'a2a_task_rejected' : 'a2a_task_failed',
    });
  }

  /** Best effort: tell the agent to stop a task this call started. Never throws. */
  async #cancelRemote(client: Client, tracker: TaskTracker, contextId?: string): Promise<void> {
    const signal = AbortSignal.timeout(5_000);
    try {
      let ids = tracker.taskId && !isTerminal(tracker.state) ? [tracker.taskId] : [];
      if (!tracker.taskId && contextId) {
        // message/send blocks until the task settles, so its id is unknown: find it by context.
        const listed = await client.listTasks(
          {
            tenant: '',
            contextId,
            status: TaskState.TASK_STATE_UNSPECIFIED,
            pageToken: '',
            statusTimestampAfter: undefined,
            includeArtifacts: false,
          } as Parameters<Client['listTasks']>[0],
          { signal },
        );
        ids = listed.tasks.map((task) => task.id);
      }
      for (const id of ids)
        await client.cancelTask({ tenant: '', id, metadata: undefined }, { signal });
    } catch {
      // The agent may be gone or the task already over; the call's own error says what happened.
    }
  }
}
