import type { AgentCard, AgentSkill } from '@a2a-js/sdk';
import {
  type Client,
  ClientFactory,
  JsonRpcTransportFactory,
  RestTransportFactory,
} from '@a2a-js/sdk/client';
import {
  type ArsenalError,
  InvalidArgumentError,
  type ToolDefinition,
  type ToolSource,
  type ToolSourceChange,
} from '@arsenal/core';
import { toArsenalError } from '@arsenal/core/adapter';
import { A2aCardError } from './a2a-errors.js';
import { A2aExecutor } from './a2a-executor.js';
import { type AgentAuth, authenticatingFetch, authFor } from './agent-auth.js';
import { type FetchedCard, fetchAgentCard } from './agent-card.js';
import {
  type A2aToolSourceOptions,
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_RESUBSCRIBE_ATTEMPTS,
  DEFAULT_TIMEOUT_MS,
} from './options.js';
import { mapSkill, type SkillMappingContext, toAgentNamespace } from './skill-mapping.js';

const STREAMING_TAGS = new Set(['streaming', 'long-running', 'long_running', 'slow']);

/** A change of the agent's skills: the full list plus what was added, updated or removed. */
export interface A2aToolSourceChange extends ToolSourceChange {
  added: ToolDefinition[];
  updated: ToolDefinition[];
  removed: ToolDefinition[];
}

interface Loaded {
  fetched: FetchedCard;
  client: Client;
  auth: AgentAuth;
  tools: Map<string, ToolDefinition>;
}

/**
 * An A2A agent as a tool source: `load()` fetches its Agent Card and makes one tool per skill;
 * `executor` runs them as A2A messages; `refresh()` (or `pollIntervalMs`) re-reads the card and
 * reports what changed by content hash.
 */
export class A2aToolSource implements ToolSource {
  readonly id: string;
  readonly executor: A2aExecutor;
  readonly #options: A2aToolSourceOptions;
  readonly #fetch: typeof fetch;
  readonly #agentUrl: string;
  readonly #listeners = new Set<(change: A2aToolSourceChange) => void>();
  #loaded: Loaded | undefined;
  #chain: Promise<unknown> = Promise.resolve();
  #poll: ReturnType<typeof setInterval> | undefined;
  #closed = false;

  constructor(options: A2aToolSourceOptions) {
    let parsed: URL;
    try {
      parsed = new URL(options.url);
    } catch {
      throw new InvalidArgumentError(
        `A2A agent url must be an absolute http(s) URL, got "${String(options.url)}".`,
      );
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
      throw new InvalidArgumentError(`A2A agent url must use http or https, got "${options.url}".`);
    for (const key of ['timeoutMs', 'connectTimeoutMs', 'pollIntervalMs'] as const) {
      const value = options[key];
      if (value !== undefined && !(value > 0))
        throw new InvalidArgumentError(
          `A2A agent ${options.url}: ${key} must be > 0, got ${value}.`,
        );
    }
    this.#options = options;
    this.#agentUrl = options.url.replace(/\/+$/, '');
    this.id = options.name ?? this.#agentUrl;
    this.#fetch = options.fetch ?? globalThis.fetch;
    this.executor = new A2aExecutor({
      link: {
        agentUrl: this.#agentUrl,
        client: async (signal) => (this.#loaded ?? (await this.#reload(signal))).client,
        currentSkillIds: async (signal) => {
          const fetched = await this.#fetchCard(signal);
          return new Set(fetched.card.skills.map((skill) => skill.id));
        },
      },
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      resubscribeAttempts: options.resubscribeAttempts ?? DEFAULT_RESUBSCRIBE_ATTEMPTS,
    });
  }

  /** The agent's card as last fetched (the SDK's parsed form). */
  get card(): AgentCard | undefined {
    return this.#loaded?.fetched.card;
  }

  /** The namespace of the tools: the configured name or the card's, sanitised. */
  get namespace(): string {
    return toAgentNamespace(this.#options.name ?? this.#loaded?.fetched.card.name ?? 'a2a');
  }

  /** Fetch the card and map every skill to a tool. */
  async load(options: { signal?: AbortSignal } = {}): Promise<ToolDefinition[]> {
    if (this.#closed)
      throw new InvalidArgumentError(`A2A agent "${this.id}" source is closed; create a new one.`);
    const loaded = await this.#enqueue(() => this.#reload(options.signal));
    if (this.#options.pollIntervalMs && !this.#poll) {
      this.#poll = setInterval(() => {
        this.refresh().catch((error: unknown) => this.#reportError(toArsenalError(error)));
      }, this.#options.pollIntervalMs);
      this.#poll.unref?.();
    }
    return [...loaded.tools.values()];
  }

  /** Re-fetch the card now; watchers hear about any tool that changed. */
  async refresh(options: { signal?: AbortSignal } = {}): Promise<ToolDefinition[]> {
    return this.load(options);
  }

  watch(listener: (change: A2aToolSourceChange) => void): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#poll) clearInterval(this.#poll);
    this.#listeners.clear();
  }

  #enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#chain.then(task);
    this.#chain = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  async #fetchCard(signal: AbortSignal | undefined): Promise<FetchedCard> {
    const limit = AbortSignal.timeout(this.#options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS);
    return fetchAgentCard(this.#agentUrl, {
      fetch: this.#fetch,
      signal: signal ? AbortSignal.any([signal, limit]) : limit,
      headers: { ...this.#options.credentials?.headers },
      ...(this.#options.cardPath ? { cardPath: this.#options.cardPath } : {}),
    });
  }

  async #reload(signal: AbortSignal | undefined): Promise<Loaded> {
    const fetched = await this.#fetchCard(signal);
    const { card } = fetched;
    const agentName = this.#options.name ?? card.name;
    const auth = authFor(card, this.#options.credentials ?? {}, agentName);
    let current = auth;
    const fetchImpl = authenticatingFetch(this.#fetch, () => current);
    let client: Client;
    try {
      client = await new ClientFactory({
        transports: [
          new JsonRpcTransportFactory({ fetchImpl, legacyCompat: { enabled: true } }),
          new RestTransportFactory({ fetchImpl, legacyCompat: { enabled: true } }),
        ],
      }).createFromAgentCard(card);
    } catch (error) {
      throw new A2aCardError(
        this.#agentUrl,
        [
          {
            path: '/supportedInterfaces',
            message: `no usable transport: ${(error as Error).message}`,
          },
        ],
        { cause: error },
      );
    }
    const streamingSkills = new Set(this.#options.streamingSkills ?? []);
    const mode = this.#options.mode ?? 'auto';
    const canStream = card.capabilities?.streaming === true;
    const context: SkillMappingContext = {
      agentName,
      namespace: toAgentNamespace(agentName),
      agentUrl: this.#agentUrl,
      hygiene: this.#options.hygiene ?? 'flag',
      ...(this.#options.onHygieneFindings
        ? { onHygieneFindings: this.#options.onHygieneFindings }
        : {}),
      streams: (skill: AgentSkill) =>
        mode === 'stream' ||
        (mode === 'auto' &&
          canStream &&
          (streamingSkills.has(skill.id) || skill.tags.some((tag) => STREAMING_TAGS.has(tag)))),
    };
    const tools = new Map<string, ToolDefinition>();
    const issues: { path: string; message: string }[] = [];
    card.skills.forEach((skill, index) => {
      try {
        tools.set(skill.id, mapSkill(skill, card, context));
      } catch (error) {
        issues.push({ path: `/skills/${index}`, message: (error as Error).message });
      }
    });
    if (issues.length > 0) throw new A2aCardError(this.#agentUrl, issues);
    const previous = this.#loaded;
    const next: Loaded = { fetched, client, auth, tools };
    current = auth;
    this.#loaded = next;
    if (previous) this.#emitDiff(previous.tools, tools);
    return next;
  }

  #emitDiff(previous: Map<string, ToolDefinition>, next: Map<string, ToolDefinition>): void {
    const change: A2aToolSourceChange = {
      tools: [...next.values()],
      added: [],
      updated: [],
      removed: [],
    };
    for (const [id, tool] of next) {
      const before = previous.get(id);
      if (!before) change.added.push(tool);
      else if (before.contentHash !== tool.contentHash) change.updated.push(tool);
    }
    for (const [id, tool] of previous) if (!next.has(id)) change.removed.push(tool);
    if (change.added.length + change.updated.length + change.removed.length === 0) return;
    for (const listener of [...this.#listeners]) {
      try {
        listener(change);
      } catch (error) {
        this.#reportError(toArsenalError(error));
      }
    }
  }

  #reportError(error: ArsenalError): void {
    this.#options.onError?.(error);
  }
}

/**
 * Use an A2A agent's skills as tools.
 *
 * @example
 * const travel = createA2aToolSource({ url: 'http://127.0.0.1:9999', credentials: { bearerToken } });
 * await arsenal.addSource(travel);
 */
export function createA2aToolSource(options: A2aToolSourceOptions): A2aToolSource {
  return new A2aToolSource(options);
}
