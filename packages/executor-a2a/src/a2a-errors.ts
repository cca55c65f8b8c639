import { ArsenalError, type Issue } from '@arsenal/core';

function listIssues(issues: readonly Issue[]): string {
  return issues.map((issue) => `  - ${issue.path || '(root)'}: ${issue.message}`).join('\n');
}

/** An Agent Card that cannot be fetched as JSON or does not describe a usable agent. */
export class A2aCardError extends ArsenalError {
  static override readonly marker: symbol = Symbol.for('arsenal.error.executor-a2a.A2aCardError');
  readonly agentUrl: string;
  readonly issues: readonly Issue[];
  constructor(agentUrl: string, issues: readonly Issue[], options: { cause?: unknown } = {}) {
    super(
      'a2a_card_invalid',
      `The Agent Card of A2A agent ${agentUrl} is not usable:\n${listIssues(issues)}\nFix the agent's card (A2A specification, AgentCard object) or point "url" at the right agent.`,
      options,
    );
    this.agentUrl = agentUrl;
    this.issues = issues;
  }
}

/** The agent could not be reached (refused, reset, dropped stream, HTTP 5xx). Retryable. */
export class A2aUnavailableError extends ArsenalError {
  static override readonly marker: symbol = Symbol.for(
    'arsenal.error.executor-a2a.A2aUnavailableError',
  );
  readonly agentUrl: string;
  constructor(agentUrl: string, what: string, options: { cause?: unknown } = {}) {
    super(
      'connection_failed',
      `A2A agent ${agentUrl} is unavailable: ${what}. Check that the agent runs and its URL is right; the call may be retried.`,
      { ...options, retryable: true },
    );
    this.agentUrl = agentUrl;
  }
}

/** A task ended in `failed` or `rejected`, or the agent answered the call with a protocol error. */
export class A2aTaskError extends ArsenalError {
  static override readonly marker: symbol = Symbol.for('arsenal.error.executor-a2a.A2aTaskError');
  readonly toolName: string;
  readonly taskId: string | undefined;
  /** `failed`, `rejected`, `canceled`, or `protocol` for a JSON-RPC error. */
  readonly state: string;
  constructor(
    toolName: string,
    state: string,
    detail: string,
    options: { taskId?: string; cause?: unknown; code?: string } = {},
  ) {
    super(
      options.code ?? 'a2a_task_failed',
      `A2A tool "${toolName}": the agent's task ended "${state}": ${detail || 'no reason given'}.`,
      options.cause === undefined ? {} : { cause: options.cause },
    );
    this.toolName = toolName;
    this.taskId = options.taskId;
    this.state = state;
  }
}

/** The agent's card no longer lists the skill a tool was made from. */
export class A2aSkillMissingError extends ArsenalError {
  static override readonly marker: symbol = Symbol.for(
    'arsenal.error.executor-a2a.A2aSkillMissingError',
  );
  readonly toolName: string;
  readonly skillId: string;
  constructor(toolName: string, skillId: string, agentUrl: string, detail: string) {
    super(
      'a2a_skill_missing',
      `A2A tool "${toolName}": agent ${agentUrl} does not offer skill "${skillId}" any more (${detail}). Its Agent Card changed; reload the source to drop the tool.`,
    );
    this.toolName = toolName;
    this.skillId = skillId;
  }
}
