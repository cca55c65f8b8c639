import type { RootsResult } from '@arsenal/core';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type {
  CompleteRequest,
  CompleteResult,
  GetPromptResult,
  Prompt,
  ReadResourceResult,
  Resource,
  ResourceTemplate,
} from '@modelcontextprotocol/sdk/types.js';

/** How an upstream request is made: the connected client, and the per-request timeout. */
export interface UpstreamAccess {
  client(signal?: AbortSignal): Promise<Client>;
  timeoutMs: number;
}

/** Most pages followed in one listing, so a server returning cursors forever cannot hang us. */
const MAX_PAGES = 100;

async function allPages<T>(
  fetchPage: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor?: string }>,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await fetchPage(cursor);
    items.push(...result.items);
    if (!result.nextCursor || result.nextCursor === cursor) break;
    cursor = result.nextCursor;
  }
  return items;
}

/**
 * The prompts, resources and completions of one upstream MCP server. A server that does not
 * declare a capability has nothing to list (empty lists), rather than an error.
 */
export class UpstreamFeatures {
  readonly #access: UpstreamAccess;
  readonly #subscribed = new Set<string>();
  readonly #updateListeners = new Set<(uri: string) => void>();

  constructor(access: UpstreamAccess) {
    this.#access = access;
  }

  async #client(signal: AbortSignal | undefined): Promise<Client> {
    return this.#access.client(signal);
  }

  #options(signal: AbortSignal | undefined) {
    return { timeout: this.#access.timeoutMs, ...(signal ? { signal } : {}) };
  }

  async listPrompts(signal?: AbortSignal): Promise<Prompt[]> {
    const client = await this.#client(signal);
    if (!client.getServerCapabilities()?.prompts) return [];
    return allPages(async (cursor) => {
      const page = await client.listPrompts(cursor ? { cursor } : {}, this.#options(signal));
      return { items: page.prompts, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
    });
  }

  async getPrompt(
    name: string,
    args: Record<string, string> | undefined,
    signal?: AbortSignal,
  ): Promise<GetPromptResult> {
    const client = await this.#client(signal);
    return client.getPrompt({ name, ...(args ? { arguments: args } : {}) }, this.#options(signal));
  }

  async listResources(signal?: AbortSignal): Promise<Resource[]> {
    const client = await this.#client(signal);
    if (!client.getServerCapabilities()?.resources) return [];
    return allPages(async (cursor) => {
      const page = await client.listResources(cursor ? { cursor } : {}, this.#options(signal));
      return {
        items: page.resources,
        ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
      };
    });
  }

  async listResourceTemplates(signal?: AbortSignal): Promise<ResourceTemplate[]> {
    const client = await this.#client(signal);
    if (!client.getServerCapabilities()?.resources) return [];
    return allPages(async (cursor) => {
      const page = await client.listResourceTemplates(
        cursor ? { cursor } : {},
        this.#options(signal),
      );
      return {
        items: page.resourceTemplates,
        ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
      };
    });
  }

  async readResource(uri: string, signal?: AbortSignal): Promise<ReadResourceResult> {
    const client = await this.#client(signal);
    return client.readResource({ uri }, this.#options(signal));
  }

  /** Subscribe to updates of a resource (kept across reconnects). */
  async subscribeResource(uri: string, signal?: AbortSignal): Promise<void> {
    const client = await this.#client(signal);
    await client.subscribeResource({ uri }, this.#options(signal));
    this.#subscribed.add(uri);
  }

  async unsubscribeResource(uri: string, signal?: AbortSignal): Promise<void> {
    this.#subscribed.delete(uri);
    const client = await this.#client(signal);
    await client.unsubscribeResource({ uri }, this.#options(signal));
  }

  /**
   * Tell the server its client's roots changed, so it asks for them again. The roots given are
   * not kept: the connection serves every caller, so a server gets roots only by asking during
   * a call, from that call's caller.
   */
  async rootsChanged(_roots?: RootsResult, signal?: AbortSignal): Promise<void> {
    const client = await this.#client(signal);
    await client.sendRootsListChanged();
  }

  /** Listen to `notifications/resources/updated` of subscribed resources; returns the unsubscriber. */
  onResourceUpdated(listener: (uri: string) => void): () => void {
    this.#updateListeners.add(listener);
    return () => this.#updateListeners.delete(listener);
  }

  /** Called by the connection when the server reports a resource changed. */
  notifyResourceUpdated(uri: string): void {
    for (const listener of this.#updateListeners) {
      try {
        listener(uri);
      } catch {
        // One faulty listener must not keep the others from hearing.
      }
    }
  }

  /** A restarted server forgot its subscriptions: make them again. */
  async resubscribe(): Promise<void> {
    if (this.#subscribed.size === 0) return;
    const client = await this.#client(undefined);
    await Promise.allSettled(
      [...this.#subscribed].map((uri) =>
        client.subscribeResource({ uri }, this.#options(undefined)),
      ),
    );
  }

  async complete(params: CompleteRequest['params'], signal?: AbortSignal): Promise<CompleteResult> {
    const client = await this.#client(signal);
    if (!client.getServerCapabilities()?.completions) {
      return { completion: { values: [], hasMore: false } };
    }
    return client.complete(params, this.#options(signal));
  }
}
