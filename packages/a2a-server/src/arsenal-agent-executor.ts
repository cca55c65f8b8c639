import { type Part, TaskState } from '@a2a-js/sdk';
import type { AgentExecutor, ExecutionEventBus, RequestContext } from '@a2a-js/sdk/server';
import type { Arsenal, Principal, ToolResult } from '@arsenal/core';
import { agentMessage, dataPart, readRequest, textPart } from './message-parts.js';
import { principalOf } from './principal-user.js';

export interface AgentExecutorOptions {
  arsenal: Arsenal;
  /** Most tools a discovery answer lists. Default 10, at most 50. */
  findLimit: number;
}

interface TaskState_ {
  controller: AbortController;
  /** The call parked for confirmation, and who made it. */
  confirmationId?: string;
  principalId?: string;
}

/** What a discovery answer says about each tool. */
export interface DiscoveredTool {
  name: string;
  qualifiedName: string;
  description: string;
  inputSchema: unknown;
  score: number;
}

/**
 * Turns A2A messages into Arsenal calls: text → retrieval (tools as a data part), a data part
 * `{ tool, arguments }` → execution with the caller's principal. A call the policy wants
 * confirmed stops the task in input-required; the next message in the task answers it.
 */
export class ArsenalAgentExecutor implements AgentExecutor {
  readonly #options: AgentExecutorOptions;
  readonly #tasks = new Map<string, TaskState_>();

  constructor(options: AgentExecutorOptions) {
    this.#options = options;
  }

  async execute(context: RequestContext, bus: ExecutionEventBus): Promise<void> {
    const { taskId, contextId } = context;
    const principal = principalOf(context.context.user);
    const state: TaskState_ = this.#tasks.get(taskId) ?? { controller: new AbortController() };
    this.#tasks.set(taskId, state);
    const status = (taskState: TaskState, parts?: Part[]) =>
      bus.publish({
        kind: 'statusUpdate',
        data: {
          taskId,
          contextId,
          status: {
            state: taskState,
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
    bus.publish({
      kind: 'task',
      data: {
        id: taskId,
        contextId,
        status: {
          state: context.task ? TaskState.TASK_STATE_WORKING : TaskState.TASK_STATE_SUBMITTED,
          message: undefined,
          timestamp: new Date().toISOString(),
        },
        artifacts: context.task?.artifacts ?? [],
        history: context.task?.history ?? [context.userMessage],
        metadata: context.task?.metadata,
      },
    });
    let settled = true;
    try {
      const request = readRequest(context.userMessage, state.confirmationId !== undefined);
      switch (request.kind) {
        case 'invalid':
          status(TaskState.TASK_STATE_REJECTED, [textPart(request.reason)]);
          break;
        case 'discover': {
          status(TaskState.TASK_STATE_WORKING);
          const tools = await this.#discover(request.query, request.limit, principal);
          artifact('tools', [
            dataPart({ query: request.query, tools }),
            textPart(
              tools.length === 0
                ? 'No tool matches.'
                : `Found ${tools.length} tools: ${tools.map((tool) => tool.qualifiedName).join(', ')}.`,
            ),
          ]);
          status(TaskState.TASK_STATE_COMPLETED);
          break;
        }
        case 'execute': {
          status(TaskState.TASK_STATE_WORKING, [textPart(`Running ${request.tool}.`)]);
          const result = await this.#options.arsenal.execute({
            tool: request.tool,
            arguments: request.arguments,
            // A tool hidden from this caller answers as an unknown one; refusals name no rule.
            audience: 'caller',
            ...(principal ? { principal } : {}),
            signal: state.controller.signal,
            onProgress: (update) =>
              status(TaskState.TASK_STATE_WORKING, [
                textPart(update.message ?? `progress ${Math.round((update.progress ?? 0) * 100)}%`),
                dataPart({ progress: update.progress, total: update.total }),
              ]),
          });
          settled = this.#finish(result, state, principal, status, artifact);
          break;
        }
        case 'answer': {
          const id = state.confirmationId as string;
          state.confirmationId = undefined;
          if (state.principalId !== (principal?.id ?? undefined)) {
            status(TaskState.TASK_STATE_REJECTED, [
              textPart('Only the caller who made this call may confirm it.'),
            ]);
            break;
          }
          status(TaskState.TASK_STATE_WORKING);
          const result = request.approve
            ? await this.#options.arsenal.confirm(id)
            : await this.#options.arsenal.reject(id);
          settled = this.#finish(result, state, principal, status, artifact);
          break;
        }
      }
    } catch (error) {
      status(TaskState.TASK_STATE_FAILED, [
        textPart(`Arsenal could not handle the message: ${(error as Error).message}`),
      ]);
    } finally {
      if (settled) this.#tasks.delete(taskId);
      bus.finished();
    }
  }

  #forget(state: TaskState_): void {
    for (const [taskId, entry] of this.#tasks) if (entry === state) this.#tasks.delete(taskId);
  }

  async cancelTask(taskId: string, bus: ExecutionEventBus): Promise<void> {
    const state = this.#tasks.get(taskId);
    state?.controller.abort();
    if (state?.confirmationId) {
      await this.#options.arsenal.reject(state.confirmationId).catch(() => undefined);
      state.confirmationId = undefined;
    }
    this.#tasks.delete(taskId);
    bus.publish({
      kind: 'statusUpdate',
      data: {
        taskId,
        contextId: '',
        status: {
          state: TaskState.TASK_STATE_CANCELED,
          message: undefined,
          timestamp: new Date().toISOString(),
        },
        metadata: undefined,
      },
    });
    bus.finished();
  }

  async #discover(
    query: string,
    limit: number | undefined,
    principal: Principal | undefined,
  ): Promise<DiscoveredTool[]> {
    const found = await this.#options.arsenal.retrieve({
      query,
      limit: Math.max(1, Math.min(limit ?? this.#options.findLimit, 50)),
      ...(principal ? { principal } : {}),
      audience: 'caller',
    });
    return found.tools.map(({ tool, score }) => ({
      name: tool.name,
      qualifiedName: `${tool.namespace}.${tool.name}`,
      description: tool.description,
      inputSchema: tool.parametersSchema,
      score: Math.round(score * 1000) / 1000,
    }));
  }

  /** Publish a ToolResult; returns false when the task stays open (waiting for confirmation). */
  #finish(
    result: ToolResult,
    state: TaskState_,
    principal: Principal | undefined,
    status: (state: TaskState, parts?: Part[]) => void,
    artifact: (name: string, parts: Part[]) => void,
  ): boolean {
    if (result.status === 'pending_confirmation' && result.confirmation) {
      const confirmationId = result.confirmation.id;
      state.confirmationId = confirmationId;
      state.principalId = principal?.id;
      // A task nobody answers is forgotten when its confirmation expires.
      const forget = setTimeout(
        () => {
          if (state.confirmationId === confirmationId) this.#forget(state);
        },
        Math.max(0, Date.parse(result.confirmation.expiresAt) - Date.now()) + 1_000,
      );
      forget.unref?.();
      status(TaskState.TASK_STATE_INPUT_REQUIRED, [
        textPart(
          `Tool "${result.tool}" needs confirmation (${result.confirmation.reason}). Reply "yes" to run it or "no" to cancel.`,
        ),
        dataPart({
          tool: result.tool,
          confirmationId: result.confirmation.id,
          expiresAt: result.confirmation.expiresAt,
          reason: result.confirmation.reason,
        }),
      ]);
      return false;
    }
    if (result.status === 'success') {
      const parts: Part[] = [
        dataPart({ tool: result.qualifiedName ?? result.tool, result: result.result ?? null }),
      ];
      if (typeof result.result === 'string') parts.push(textPart(result.result));
      artifact('result', parts);
      status(TaskState.TASK_STATE_COMPLETED);
      return true;
    }
    const error = result.error;
    const parts = [
      textPart(error?.message ?? `Tool "${result.tool}" ended with status ${result.status}.`),
      dataPart({ status: result.status, tool: result.tool, error: error ?? null }),
    ];
    if (result.status === 'cancelled') status(TaskState.TASK_STATE_CANCELED, parts);
    else if (result.status === 'permission_denied' || result.status === 'not_found')
      status(TaskState.TASK_STATE_REJECTED, parts);
    else status(TaskState.TASK_STATE_FAILED, parts);
    return true;
  }
}
