import type { Principal } from '@arsenal/core';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { ProtocolError } from './protocol-errors.js';
import { exposedUri, type UpstreamCatalog } from './upstream-catalog.js';

/** Told when a resource it subscribed to changed: one per session. */
export type ResourceSubscriber = (uri: string) => void;

/**
 * Resource subscriptions of every session, shared upstream: the first session to subscribe to a
 * URI subscribes the upstream server, the last to leave unsubscribes it, and each update the
 * server sends reaches every session subscribed to that URI (under the URI the session used).
 */
export class ResourceSubscriptions {
  readonly #catalog: UpstreamCatalog;
  readonly #subscribers = new Map<string, Set<ResourceSubscriber>>();
  readonly #stopListening: (() => void)[] = [];

  constructor(catalog: UpstreamCatalog) {
    this.#catalog = catalog;
    for (const server of catalog.subscribable()) {
      const stop = server.onResourceUpdated?.((uri) => this.#updated(exposedUri(server.id, uri)));
      if (stop) this.#stopListening.push(stop);
    }
  }

  /** Whether any upstream server supports subscriptions. */
  get supported(): boolean {
    return this.#catalog.subscribable().length > 0;
  }

  async subscribe(
    uri: string,
    principal: Principal | undefined,
    subscriber: ResourceSubscriber,
    signal?: AbortSignal,
  ): Promise<void> {
    const { server, upstreamUri } = this.#catalog.resolveUri(uri, principal);
    if (!server.subscribeResource) {
      throw new ProtocolError(
        ErrorCode.MethodNotFound,
        `The server behind "${uri.slice(0, 120)}" does not support resource subscriptions.`,
      );
    }
    let subscribers = this.#subscribers.get(uri);
    if (!subscribers) {
      subscribers = new Set();
      this.#subscribers.set(uri, subscribers);
    }
    if (subscribers.size === 0) {
      try {
        await server.subscribeResource(upstreamUri, signal);
      } catch (error) {
        if (subscribers.size === 0) this.#subscribers.delete(uri);
        throw error;
      }
    }
    subscribers.add(subscriber);
  }

  async unsubscribe(
    uri: string,
    principal: Principal | undefined,
    subscriber: ResourceSubscriber,
  ): Promise<void> {
    const subscribers = this.#subscribers.get(uri);
    if (!subscribers?.delete(subscriber) || subscribers.size > 0) return;
    this.#subscribers.delete(uri);
    const { server, upstreamUri } = this.#catalog.resolveUri(uri, principal);
    await server.unsubscribeResource?.(upstreamUri);
  }

  /** A session closed: drop its subscriptions (and upstream ones nobody else holds). */
  dropSubscriber(subscriber: ResourceSubscriber, principal: Principal | undefined): void {
    for (const [uri, subscribers] of this.#subscribers) {
      if (subscribers.has(subscriber)) {
        void this.unsubscribe(uri, principal, subscriber).catch(() => undefined);
      }
    }
  }

  /** Subscriptions held, by URI (for tests and diagnostics). */
  count(uri: string): number {
    return this.#subscribers.get(uri)?.size ?? 0;
  }

  close(): void {
    for (const stop of this.#stopListening.splice(0)) stop();
    this.#subscribers.clear();
  }

  #updated(uri: string): void {
    for (const subscriber of this.#subscribers.get(uri) ?? []) {
      try {
        subscriber(uri);
      } catch {
        // A session that cannot be told must not keep the others from hearing.
      }
    }
  }
}
