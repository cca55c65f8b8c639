import type { ConfiguredArsenal, ServeConfig } from '@arsenal/config';
import type { ReadinessCaller, ReadinessReport } from '@arsenal/http';
import { createArsenalMcpServer, startStdioServer } from '@arsenal/mcp-server';
import { type CliIO, writeLine } from '../io.js';
import { cliVersion } from '../version.js';
import { type OpenedArsenal, openConfiguredArsenal } from './open-arsenal.js';
import { DEFAULT_CONSOLE_PATH } from './rest-route.js';
import { startA2aServe } from './serve-a2a.js';
import type { ServeArgs } from './serve-args.js';
import { startServeHttp } from './serve-http.js';

export { parseListenAddress, type ServeArgs, serveSpec, toServeArgs } from './serve-args.js';

export interface RunningServe {
  /** The HTTP endpoint, when serving HTTP. */
  url?: string;
  toolCount: number;
  /** Resolves when the server stops (stdio client gone, or close()). */
  closed: Promise<void>;
  /**
   * Graceful stop (SIGTERM): over HTTP, `/readyz` turns 503 and new requests are refused while
   * in-flight calls finish (up to `serve.drainTimeoutMs`); then everything closes, history last.
   */
  shutdown(): Promise<void>;
  close(): Promise<void>;
}

/** How long a graceful shutdown waits for in-flight calls by default. */
export const DEFAULT_DRAIN_TIMEOUT_MS = 30_000;

/**
 * `/readyz`: ready once serving, unless an upstream MCP server has failed for good. The details
 * count the upstreams by state; they name an upstream only to an authenticated caller that may see
 * one of its tools (a namespace hidden from the caller stays unnamed, and an anonymous caller
 * reads counts only).
 */
export function readinessOf(
  configured: Pick<ConfiguredArsenal, 'arsenal' | 'sources'>,
  serving: () => boolean,
  caller: ReadinessCaller = {},
): ReadinessReport {
  const counts: Record<string, number> = {};
  const upstreams: Record<string, string> = {};
  let failed = 0;
  for (const source of configured.sources) {
    counts[source.state] = (counts[source.state] ?? 0) + 1;
    if (source.state === 'failed' || source.state === 'closed') failed++;
    const { principal } = caller;
    if (
      principal &&
      configured.arsenal.visibleTools(principal, { namespace: source.namespace }).length > 0
    ) {
      upstreams[source.id] = source.state;
    }
  }
  const details = {
    upstreamCounts: counts,
    ...(Object.keys(upstreams).length > 0 ? { upstreams } : {}),
  };
  if (!serving()) return { ready: false, status: 'starting', details };
  if (failed > 0) return { ready: false, status: 'upstream_failed', details };
  return { ready: true, status: 'ready', details };
}

/** Whether a setting asks for a route (`true` or an object), not `false` or absent. */
function asksFor(setting: unknown): boolean {
  return setting !== undefined && setting !== false;
}

/**
 * HTTP rather than stdio: asked for by `--http`, `--rest`, `--console`, `serve.transport: http`,
 * or `serve.rest` / `serve.console` (routes of the HTTP server; the config schema refuses them
 * beside an explicit `transport: stdio`). The address is `--http`, else serve.host and serve.port.
 */
export function servesHttp(args: ServeArgs, serve: ServeConfig): boolean {
  return (
    args.http !== undefined ||
    args.rest === true ||
    args.console === true ||
    serve.transport === 'http' ||
    asksFor(serve.rest) ||
    asksFor(serve.console)
  );
}

/** Load the config (or the demo), build the Arsenal and start serving. */
export async function startServe(args: ServeArgs, io: CliIO): Promise<RunningServe> {
  const warn = (message: string) => writeLine(io.stderr, `arsenal: warning: ${message}`);
  const opened = await openConfiguredArsenal(args.config, io);
  if (args.a2a) return serveA2a(args.a2a, opened, io);
  const { config, configured } = opened;
  const serve = config.serve ?? {};
  const mode = args.mode ?? serve.mode ?? 'dynamic';
  const mcp = createArsenalMcpServer({
    arsenal: configured.arsenal,
    mode,
    pinned: args.pinned.length > 0 ? args.pinned : (serve.pinned ?? []),
    serverInfo: { name: 'arsenal', version: cliVersion() },
    upstreams: configured.sources,
  });
  const toolCount = configured.arsenal.registry.list().length;
  let stopServing: () => Promise<void>;
  let drain: () => Promise<void> = async () => {};
  let url: string | undefined;
  let closedByTransport: Promise<void>;
  let serving = false;
  const useHttp = servesHttp(args, serve);
  if (useHttp) {
    let http: Awaited<ReturnType<typeof startServeHttp>>;
    try {
      http = await startServeHttp(
        mcp,
        configured.arsenal,
        serve,
        args,
        (caller) => readinessOf(configured, () => serving, caller),
        {
          ...(configured.history ? { history: configured.history } : {}),
          ...(config.source ? { configPath: config.source } : {}),
          ...(configured.stateStore ? { stateStore: configured.stateStore } : {}),
        },
      );
    } catch (error) {
      // Nothing listens: stop the upstream servers already started before reporting.
      await mcp.close();
      await opened.close();
      throw error;
    }
    url = http.url;
    stopServing = () => http.close();
    drain = async () => {
      const timeoutMs = serve.drainTimeoutMs ?? DEFAULT_DRAIN_TIMEOUT_MS;
      if (http.inFlight > 0) {
        writeLine(
          io.stderr,
          `arsenal: draining ${http.inFlight} in-flight request(s), up to ${timeoutMs} ms`,
        );
      }
      const outcome = await http.drain(timeoutMs);
      if (!outcome.drained) {
        warn(
          `${outcome.inFlight} request(s) still running after ${timeoutMs} ms (serve.drainTimeoutMs); stopping anyway`,
        );
      }
    };
    closedByTransport = new Promise(() => {});
  } else {
    const stdio = await startStdioServer(mcp, {
      ...(serve.stdioPrincipal ? { principal: serve.stdioPrincipal } : {}),
    });
    stopServing = () => stdio.close();
    closedByTransport = stdio.closed;
  }
  writeLine(
    io.stderr,
    `arsenal: serving ${toolCount} tools in ${mode} mode ${url ? `at ${url}` : 'over stdio'}${
      configured.sources.length > 0
        ? ` (MCP servers: ${configured.sources.map((source) => source.id).join(', ')})`
        : ''
    }`,
  );
  const consoleSetting = serve.console;
  if (url && (args.console === true || asksFor(consoleSetting))) {
    const path =
      (typeof consoleSetting === 'object' ? consoleSetting.path : undefined) ??
      DEFAULT_CONSOLE_PATH;
    writeLine(io.stderr, `arsenal: console at ${new URL(url).origin}${path}/`);
    if (args.dev) {
      writeLine(
        io.stderr,
        `arsenal: dev mode: anyone who reaches ${new URL(url).origin} may call tools from the console, without authentication`,
      );
    }
  }
  serving = true;
  let closing: Promise<void> | undefined;
  let markStopped!: () => void;
  const stopped = new Promise<void>((resolve) => {
    markStopped = resolve;
  });
  const close = () => {
    closing ??= (async () => {
      await stopServing();
      await mcp.close();
      // Closes upstreams, the Arsenal, then flushes and closes the history store.
      await opened.close();
      markStopped();
    })();
    return closing;
  };
  let shuttingDown: Promise<void> | undefined;
  const shutdown = () => {
    shuttingDown ??= (async () => {
      serving = false;
      await drain();
      await close();
    })();
    return shuttingDown;
  };
  void closedByTransport.then(close);
  return { ...(url ? { url } : {}), toolCount, closed: stopped, shutdown, close };
}

async function serveA2a(
  address: { host?: string; port: number },
  opened: OpenedArsenal,
  io: CliIO,
): Promise<RunningServe> {
  let a2a: { url: string; close(): Promise<void> };
  try {
    a2a = await startA2aServe(opened, { ...address, version: cliVersion() });
  } catch (error) {
    await opened.close();
    throw error;
  }
  const toolCount = opened.configured.arsenal.registry.list().length;
  writeLine(io.stderr, `arsenal: serving ${toolCount} tools as an A2A agent at ${a2a.url}`);
  let markStopped!: () => void;
  const closed = new Promise<void>((resolve) => {
    markStopped = resolve;
  });
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      await a2a.close();
      await opened.close();
      markStopped();
    })();
    return closing;
  };
  return { url: a2a.url, toolCount, closed, shutdown: close, close };
}

/** `arsenal serve`: serve until the client leaves (stdio) or SIGINT/SIGTERM. */
export async function serveCommand(args: ServeArgs, io: CliIO): Promise<number> {
  const running = await startServe(args, io);
  const stop = () => void running.shutdown();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await running.closed;
  process.off('SIGINT', stop);
  process.off('SIGTERM', stop);
  return 0;
}
