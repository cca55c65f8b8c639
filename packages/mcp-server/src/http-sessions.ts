import type { IncomingMessage } from 'node:http';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  LATEST_PROTOCOL_VERSION,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/sdk/types.js';
import type { JsonFirstTransport } from './json-first-transport.js';

export interface HttpSession {
  transport: JsonFirstTransport;
  server: Server;
  /** Who opened it: the caller's key (`principal:<id>`, or `anonymous:<client address>`). */
  owner: string;
  lastSeen: number;
  /** The protocol version `initialize` settled on. */
  protocolVersion: string;
}

export interface SessionLimits {
  /** Most open sessions in all. */
  maxSessions: number;
  /** Most open sessions one caller (a principal, or one anonymous client) may hold. */
  maxSessionsPerPrincipal: number;
}

/** Why a new session cannot be opened, or the session to close to make room. */
export type AdmissionDecision =
  | { kind: 'admit'; evict?: string }
  | { kind: 'over_quota'; held: number }
  | { kind: 'full' };

/**
 * The open sessions of an HTTP server, counted per owner. Quotas keep one principal from
 * filling the table; when the table is full anyway, a newcomer takes the least recently used
 * session of whoever holds the most, so no principal can starve the others.
 */
export class SessionTable {
  readonly #sessions = new Map<string, HttpSession>();
  readonly #perOwner = new Map<string, number>();

  constructor(readonly limits: SessionLimits) {}

  get size(): number {
    return this.#sessions.size;
  }

  get(id: string): HttpSession | undefined {
    return this.#sessions.get(id);
  }

  ids(): string[] {
    return [...this.#sessions.keys()];
  }

  entries(): IterableIterator<[string, HttpSession]> {
    return this.#sessions.entries();
  }

  add(id: string, session: HttpSession): void {
    if (this.#sessions.has(id)) return;
    this.#sessions.set(id, session);
    this.#perOwner.set(session.owner, (this.#perOwner.get(session.owner) ?? 0) + 1);
  }

  /** Forget a session; returns it so the caller can close it. */
  remove(id: string): HttpSession | undefined {
    const session = this.#sessions.get(id);
    if (!session) return undefined;
    this.#sessions.delete(id);
    const held = (this.#perOwner.get(session.owner) ?? 1) - 1;
    if (held <= 0) this.#perOwner.delete(session.owner);
    else this.#perOwner.set(session.owner, held);
    return session;
  }

  heldBy(owner: string): number {
    return this.#perOwner.get(owner) ?? 0;
  }

  /** Whether `owner` may open one more session, and which session must go to make room. */
  admit(owner: string): AdmissionDecision {
    const held = this.heldBy(owner);
    if (held >= this.limits.maxSessionsPerPrincipal) return { kind: 'over_quota', held };
    if (this.#sessions.size < this.limits.maxSessions) return { kind: 'admit' };
    let hog: string | undefined;
    let most = 0;
    for (const [candidate, count] of this.#perOwner) {
      if (count > most) {
        hog = candidate;
        most = count;
      }
    }
    // Only someone holding more than the newcomer would after admission gives way.
    if (hog === undefined || most <= held + 1) return { kind: 'full' };
    let oldest: [string, number] | undefined;
    for (const [id, session] of this.#sessions) {
      if (session.owner !== hog) continue;
      if (!oldest || session.lastSeen < oldest[1]) oldest = [id, session.lastSeen];
    }
    return oldest ? { kind: 'admit', evict: oldest[0] } : { kind: 'full' };
  }
}

/** The version a session settles on: what the client asked for when supported, else the latest. */
export function negotiatedVersion(requested: string | undefined): string {
  return requested !== undefined && SUPPORTED_PROTOCOL_VERSIONS.includes(requested)
    ? requested
    : LATEST_PROTOCOL_VERSION;
}

/**
 * Clients send `MCP-Protocol-Version` with every request; some send an older version than the
 * session negotiated. The session's streams follow what `initialize` settled on, so a client that
 * negotiated SSE priming events (2025-11-25 and later) gets them whatever the header says.
 */
export function alignProtocolHeader(request: IncomingMessage, session: HttpSession): void {
  const sent = request.headers['mcp-protocol-version'];
  if (
    typeof sent === 'string' &&
    SUPPORTED_PROTOCOL_VERSIONS.includes(sent) &&
    sent < session.protocolVersion
  ) {
    request.headers['mcp-protocol-version'] = session.protocolVersion;
    // The SDK builds its web Request from the raw header list.
    for (let index = 0; index + 1 < request.rawHeaders.length; index += 2) {
      if (request.rawHeaders[index]?.toLowerCase() === 'mcp-protocol-version') {
        request.rawHeaders[index + 1] = session.protocolVersion;
      }
    }
  }
}
