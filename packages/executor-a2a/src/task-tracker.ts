import type { Artifact, Message, Part, StreamResponse, Task, TaskStatus } from '@a2a-js/sdk';
import { TaskState } from '@a2a-js/sdk';

/** One part of an agent's answer, kept whatever its kind. */
export type A2aResultPart =
  | { kind: 'text'; text: string; mediaType?: string }
  | { kind: 'data'; data: unknown; mediaType?: string }
  | { kind: 'file'; name?: string; mediaType?: string; bytes?: string; uri?: string };

export interface A2aResultArtifact {
  artifactId: string;
  name?: string;
  description?: string;
  parts: A2aResultPart[];
}

/** The task states a call can end in, in the A2A specification's spelling. */
export type A2aTaskStateName =
  | 'submitted'
  | 'working'
  | 'completed'
  | 'failed'
  | 'canceled'
  | 'rejected'
  | 'input-required'
  | 'auth-required'
  | 'unknown';

/** What an A2A tool call returns. */
export interface A2aToolResult {
  state: A2aTaskStateName;
  taskId?: string;
  contextId?: string;
  /** Every text part of the artifacts (or of the agent's reply message), joined. */
  text: string;
  artifacts: A2aResultArtifact[];
  /** The agent's last status message, as text (the question, for input-required). */
  statusMessage?: string;
}

const STATE_NAMES: Record<number, A2aTaskStateName> = {
  [TaskState.TASK_STATE_SUBMITTED]: 'submitted',
  [TaskState.TASK_STATE_WORKING]: 'working',
  [TaskState.TASK_STATE_COMPLETED]: 'completed',
  [TaskState.TASK_STATE_FAILED]: 'failed',
  [TaskState.TASK_STATE_CANCELED]: 'canceled',
  [TaskState.TASK_STATE_REJECTED]: 'rejected',
  [TaskState.TASK_STATE_INPUT_REQUIRED]: 'input-required',
  [TaskState.TASK_STATE_AUTH_REQUIRED]: 'auth-required',
};

export function stateName(state: TaskState | undefined): A2aTaskStateName {
  return state === undefined ? 'unknown' : (STATE_NAMES[state] ?? 'unknown');
}

const TERMINAL = new Set<A2aTaskStateName>(['completed', 'failed', 'canceled', 'rejected']);
const INTERRUPTED = new Set<A2aTaskStateName>(['input-required', 'auth-required']);

export const isTerminal = (state: A2aTaskStateName) => TERMINAL.has(state);
/** Terminal, or waiting for the caller: either way the stream is done. */
export const isSettled = (state: A2aTaskStateName) => TERMINAL.has(state) || INTERRUPTED.has(state);

function base64Of(value: unknown): string | undefined {
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (typeof value === 'string') return value;
  return undefined;
}

export function toResultPart(part: Part): A2aResultPart | undefined {
  const content = part.content;
  const mediaType = part.mediaType ? { mediaType: part.mediaType } : {};
  switch (content?.$case) {
    case 'text':
      return { kind: 'text', text: content.value, ...mediaType };
    case 'data':
      return { kind: 'data', data: content.value, ...mediaType };
    case 'raw':
      return {
        kind: 'file',
        ...(part.filename ? { name: part.filename } : {}),
        ...mediaType,
        ...(base64Of(content.value) === undefined ? {} : { bytes: base64Of(content.value) }),
      };
    case 'url':
      return {
        kind: 'file',
        ...(part.filename ? { name: part.filename } : {}),
        ...mediaType,
        uri: content.value,
      };
    default:
      return undefined;
  }
}

export function textOf(parts: readonly Part[]): string {
  return parts
    .flatMap((part) => (part.content?.$case === 'text' ? [part.content.value] : []))
    .join('\n');
}

/** Folds the task, status and artifact events of one call into its current picture. */
export class TaskTracker {
  taskId: string | undefined;
  contextId: string | undefined;
  state: A2aTaskStateName = 'unknown';
  statusMessage: string | undefined;
  statusParts: Part[] = [];
  readonly #artifacts = new Map<string, A2aResultArtifact>();
  #reply: Part[] | undefined;

  /** A Task or a Message answer of message/send, or a tasks/get result. */
  absorbResult(result: Task | Message): void {
    if ('messageId' in result) this.#absorbMessage(result);
    else this.#absorbTask(result);
  }

  absorbEvent(event: StreamResponse): void {
    const payload = event.payload;
    switch (payload?.$case) {
      case 'task':
        this.#absorbTask(payload.value);
        break;
      case 'message':
        this.#absorbMessage(payload.value);
        break;
      case 'statusUpdate':
        this.taskId ||= payload.value.taskId;
        this.contextId ||= payload.value.contextId;
        this.#absorbStatus(payload.value.status);
        break;
      case 'artifactUpdate':
        if (payload.value.artifact)
          this.#absorbArtifact(payload.value.artifact, payload.value.append);
        break;
    }
  }

  result(): A2aToolResult {
    const artifacts = [...this.#artifacts.values()];
    const texts = artifacts.flatMap((artifact) =>
      artifact.parts.flatMap((part) => (part.kind === 'text' ? [part.text] : [])),
    );
    const replyText = this.#reply ? textOf(this.#reply) : '';
    if (this.#reply) {
      artifacts.push({
        artifactId: 'reply',
        name: 'reply',
        parts: this.#reply.flatMap((part) => toResultPart(part) ?? []),
      });
    }
    return {
      state: this.state,
      ...(this.taskId ? { taskId: this.taskId } : {}),
      ...(this.contextId ? { contextId: this.contextId } : {}),
      text: [...texts, ...(replyText ? [replyText] : [])].join('\n'),
      artifacts,
      ...(this.statusMessage ? { statusMessage: this.statusMessage } : {}),
    };
  }

  #absorbTask(task: Task): void {
    this.taskId = task.id || this.taskId;
    this.contextId = task.contextId || this.contextId;
    this.#absorbStatus(task.status);
    for (const artifact of task.artifacts) this.#absorbArtifact(artifact, false);
  }

  #absorbMessage(message: Message): void {
    // A direct reply without a task: the interaction is complete.
    this.#reply = message.parts;
    this.contextId = message.contextId || this.contextId;
    this.state = 'completed';
  }

  #absorbStatus(status: TaskStatus | undefined): void {
    if (!status) return;
    this.state = stateName(status.state);
    this.statusParts = status.message?.parts ?? [];
    const text = textOf(this.statusParts);
    if (text) this.statusMessage = text;
  }

  #absorbArtifact(artifact: Artifact, append: boolean): void {
    const parts = artifact.parts.flatMap((part) => toResultPart(part) ?? []);
    const known = this.#artifacts.get(artifact.artifactId);
    if (known && append) {
      known.parts.push(...parts);
      return;
    }
    this.#artifacts.set(artifact.artifactId, {
      artifactId: artifact.artifactId,
      ...(artifact.name ? { name: artifact.name } : {}),
      ...(artifact.description ? { description: artifact.description } : {}),
      parts,
    });
  }
}
