import type { ArsenalError, HygieneMode, Issue, ToolDefinition } from '@arsenal/core';

/** Credentials for the security schemes an Agent Card declares. */
export interface A2aCredentials {
  /** Sent as `Authorization: Bearer <token>` for an HTTP bearer scheme. */
  bearerToken?: string;
  /** Sent in the header (or query parameter) an API-key scheme names. */
  apiKey?: string;
  /** Extra headers sent with every request to the agent. */
  headers?: Record<string, string>;
}

/** How calls travel: `send` (message/send), `stream` (message/stream, SSE) or `auto`. */
export type A2aCallMode = 'auto' | 'send' | 'stream';

export interface A2aToolSourceOptions {
  /** The agent's base URL; the card is read from `/.well-known/agent-card.json` under it. */
  url: string;
  /** Namespace of its tools and prefix of their names. Default: the card's name. */
  name?: string;
  /** A card path to try first, relative to `url`. */
  cardPath?: string;
  credentials?: A2aCredentials;
  /**
   * `auto` (default): stream when the card says `capabilities.streaming` and the skill is in
   * `streamingSkills` or tagged `streaming`/`long-running`; otherwise send.
   */
  mode?: A2aCallMode;
  /** Skill ids to call with message/stream in `auto` mode. */
  streamingSkills?: readonly string[];
  /** Longest a call may take, from the first byte sent to the task's end. Default 60 000 ms. */
  timeoutMs?: number;
  /** Longest the card fetch may take. Default 10 000 ms. */
  connectTimeoutMs?: number;
  /** Times to re-attach (`tasks/resubscribe`) to a stream that dropped. Default 2. */
  resubscribeAttempts?: number;
  /** Re-fetch the card every so often and report changes to watchers. Default: never. */
  pollIntervalMs?: number;
  /** Description hygiene for the generated tools. Default `flag`. */
  hygiene?: HygieneMode;
  onHygieneFindings?: (findings: readonly Issue[], tool: ToolDefinition) => void;
  /** A background re-fetch or a watcher failed. */
  onError?: (error: ArsenalError) => void;
  /** A fetch to use instead of the global one (proxies, tests). */
  fetch?: typeof fetch;
}

export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
export const DEFAULT_RESUBSCRIBE_ATTEMPTS = 2;
