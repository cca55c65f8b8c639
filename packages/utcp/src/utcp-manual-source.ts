import { readFile } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import {
  ArsenalError,
  ConfigurationError,
  type ExecutionRequest,
  type Executor,
  type HygieneMode,
  type ToolDefinition,
  type ToolSource,
  type ToolSourceChange,
} from '@arsenal/core';
import type { HttpClientOptions } from '@arsenal/executor-http';
import { parseUtcpManual, type SkippedUtcpTool, type UtcpCallType } from './manual-format.js';
import { toSources } from './to-sources.js';
import { substituteVariables, type VariableSources } from './variables.js';

const MAX_MANUAL_BYTES = 5 * 1024 * 1024;
const LOCAL_ONLY: readonly UtcpCallType[] = ['cli', 'mcp'];

export interface UtcpManualSourceOptions extends VariableSources {
  /** Name of the manual: source id, namespace of its tools and namespace of its variables. */
  name: string;
  /** The manual: an object, a file path, or an http(s) URL that answers with one. */
  manual: unknown;
  /** Where relative paths start. Default the working directory. */
  baseDir?: string;
  /**
   * Call types the manual's tools may use. Default: every type for a manual from a file or
   * object; only `http`, `sse` and `streamable_http` for a manual fetched over the network, so a
   * remote manual can never start a local program.
   */
  allowedProtocols?: readonly UtcpCallType[];
  /** HTTP options (SSRF allow-list, timeouts, size caps) for the manual's HTTP tools. */
  http?: HttpClientOptions;
  /** Run the manual's CLI tools in bubblewrap. */
  sandbox?: boolean;
  hygiene?: HygieneMode;
  /** Told of every tool that is not loaded, with why. */
  onSkippedTool?: (skipped: SkippedUtcpTool) => void;
}

/** Reads the manual text from a file or URL (size-capped) and parses it. */
async function readManual(
  options: UtcpManualSourceOptions,
  signal?: AbortSignal,
): Promise<{ manual: unknown; remote: boolean }> {
  const where = `UTCP manual "${options.name}"`;
  if (typeof options.manual !== 'string') return { manual: options.manual, remote: false };
  let text: string;
  const remote = /^https?:\/\//i.test(options.manual);
  if (remote) {
    let response: Response;
    try {
      response = await fetch(options.manual, {
        headers: { accept: 'application/json' },
        redirect: 'error',
        signal: signal ?? AbortSignal.timeout(30_000),
      });
    } catch (error) {
      throw new ConfigurationError(
        `${where}: cannot fetch ${options.manual}: ${(error as Error).message}.`,
        { cause: error },
      );
    }
    if (!response.ok)
      throw new ConfigurationError(`${where}: ${options.manual} answered ${response.status}.`);
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > MAX_MANUAL_BYTES)
      throw new ConfigurationError(
        `${where}: the manual is ${length} bytes, over the ${MAX_MANUAL_BYTES}-byte limit.`,
      );
    text = await response.text();
  } else {
    const path = isAbsolute(options.manual)
      ? options.manual
      : resolve(options.baseDir ?? process.cwd(), options.manual);
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      throw new ConfigurationError(`${where}: cannot read ${path}: ${(error as Error).message}.`, {
        cause: error,
      });
    }
  }
  if (Buffer.byteLength(text) > MAX_MANUAL_BYTES) {
    throw new ConfigurationError(
      `${where}: the manual is over the ${MAX_MANUAL_BYTES}-byte limit.`,
    );
  }
  try {
    return { manual: JSON.parse(text) as unknown, remote };
  } catch (error) {
    throw new ConfigurationError(
      `${where}: the manual is not JSON (${(error as Error).message}).`,
      { cause: error },
    );
  }
}

/** Runs each tool with the executor of the sub-source that loaded it. */
class ManualExecutor implements Executor {
  readonly kind = 'utcp';
  constructor(private readonly sources: () => readonly ToolSource[]) {}

  #executorFor(tool: ToolDefinition): Executor | undefined {
    for (const source of this.sources())
      if (source.executor?.canExecute(tool)) return source.executor;
    return undefined;
  }

  canExecute(tool: ToolDefinition): boolean {
    return this.#executorFor(tool) !== undefined;
  }

  execute(request: ExecutionRequest): Promise<unknown> {
    const executor = this.#executorFor(request.tool);
    if (!executor) {
      return Promise.reject(
        new ArsenalError(
          'execution_failed',
          `UTCP tool "${request.tool.name}" has no executor; reload its manual.`,
        ),
      );
    }
    return executor.execute(request);
  }

  async close(): Promise<void> {
    await Promise.allSettled(this.sources().map((source) => source.executor?.close?.()));
  }
}

/**
 * A UTCP manual as one Arsenal tool source. HTTP, SSE and streamable-HTTP tools run through
 * `@arsenal/executor-http` (auth, SSRF guard, retries, size caps), CLI tools through
 * `@arsenal/executor-process` (never a shell), MCP servers through `@arsenal/executor-mcp`.
 */
export class UtcpManualSource implements ToolSource {
  readonly id: string;
  readonly executor: Executor;
  readonly skipped: SkippedUtcpTool[] = [];
  #sources: ToolSource[] = [];
  #tools = new Map<ToolSource, ToolDefinition[]>();
  readonly #options: UtcpManualSourceOptions;

  constructor(options: UtcpManualSourceOptions) {
    if (typeof options.name !== 'string' || !/^[A-Za-z0-9_-]+$/.test(options.name)) {
      throw new ConfigurationError(
        `UTCP manual name "${String(options.name)}" must be letters, digits, "_" or "-": it becomes the namespace of its tools.`,
      );
    }
    this.id = options.name;
    this.#options = options;
    this.executor = new ManualExecutor(() => this.#sources);
  }

  async load(options: { signal?: AbortSignal } = {}): Promise<ToolDefinition[]> {
    const { manual, remote } = await readManual(this.#options, options.signal);
    const where = `UTCP manual "${this.id}"`;
    const parsed = parseUtcpManual(manual, where);
    const allowed =
      this.#options.allowedProtocols ?? (remote ? ['http', 'sse', 'streamable_http'] : undefined);
    const permitted = parsed.tools.filter((tool) => {
      if (!allowed || allowed.includes(tool.call.type)) return true;
      const why =
        remote && LOCAL_ONLY.includes(tool.call.type)
          ? ' (a manual fetched over the network may not start local programs)'
          : '';
      this.#skip({
        tool: tool.name,
        reason: `call type "${tool.call.type}" is not allowed for this manual${why}; list it in allowedProtocols to allow it`,
      });
      return false;
    });
    for (const skipped of parsed.skipped) this.#skip(skipped);
    const substituted = permitted.map((tool) => ({
      ...tool,
      call: substituteVariables(tool.call, this.id, {
        ...this.#options,
        env: this.#options.env ?? process.env,
      }),
    }));
    const built = toSources(substituted, {
      manual: this.id,
      hygiene: this.#options.hygiene ?? 'flag',
      ...(this.#options.http ? { http: this.#options.http } : {}),
      ...(this.#options.sandbox ? { sandbox: true } : {}),
    });
    for (const skipped of built.skipped) this.#skip(skipped);
    await this.close();
    this.#sources = built.sources;
    this.#tools = new Map();
    for (const source of this.#sources) this.#tools.set(source, await source.load(options));
    return this.#all();
  }

  watch(listener: (change: ToolSourceChange) => void): () => void {
    const stops = this.#sources.map((source) =>
      source.watch?.((change) => {
        this.#tools.set(source, [...change.tools]);
        listener({ tools: this.#all() });
      }),
    );
    return () => {
      for (const stop of stops) stop?.();
    };
  }

  async close(): Promise<void> {
    await Promise.allSettled(this.#sources.map((source) => source.close?.()));
  }

  #all(): ToolDefinition[] {
    return [...this.#tools.values()].flat();
  }

  #skip(skipped: SkippedUtcpTool): void {
    this.skipped.push(skipped);
    this.#options.onSkippedTool?.(skipped);
  }
}

/** A UTCP manual as a tool source; add it with `arsenal.addSource(source)`. */
export function createUtcpManualSource(options: UtcpManualSourceOptions): UtcpManualSource {
  return new UtcpManualSource(options);
}
