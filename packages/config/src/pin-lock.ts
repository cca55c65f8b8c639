import { readFile, rename, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { ConfigurationError } from '@arsenal/core';
import { pinHashOf } from '@arsenal/executor-mcp';

/**
 * A tool as an MCP server lists it.
 *
 * @example
 * ```ts
 * import { type McpListedTool, pinTool } from '@arsenal/config';
 *
 * const listed: McpListedTool = {
 *   name: 'create_issue',
 *   description: 'Open an issue in a repository.',
 *   inputSchema: { type: 'object', properties: { title: { type: 'string' } } },
 * };
 * const pinned = pinTool(listed, new Date().toISOString());
 * ```
 */
export type McpListedTool = Parameters<typeof pinHashOf>[0];
type Tool = McpListedTool;

/**
 * A tool as it was approved: its pinning hash and the text and schemas a model reads.
 *
 * @example
 * ```ts
 * import type { PinnedTool } from '@arsenal/config';
 * import { readPinLock } from '@arsenal/config';
 *
 * const lock = await readPinLock('arsenal.lock.json');
 * const pinned: PinnedTool | undefined = lock.servers.github?.tools.create_issue;
 * console.log(pinned?.approvedAt, pinned?.tool.description);
 * ```
 */
export interface PinnedTool {
  hash: string;
  approvedAt: string;
  /** The Arsenal definition's content hash: a quarantined tool with it is let through. */
  contentHash?: string;
  tool: Pick<
    Tool,
    'name' | 'title' | 'description' | 'inputSchema' | 'outputSchema' | 'annotations'
  >;
}

/**
 * The approvals of `arsenal approve`, by server, then by the tool's MCP name.
 *
 * @example
 * ```ts
 * import { type PinLock, readPinLock } from '@arsenal/config';
 *
 * const lock: PinLock = await readPinLock('arsenal.lock.json');
 * for (const [server, { tools }] of Object.entries(lock.servers)) {
 *   console.log(server, Object.keys(tools).length, 'approved tools');
 * }
 * ```
 */
export interface PinLock {
  lockfileVersion: 1;
  servers: Record<string, PinnedServer>;
}

/**
 * The approved tools of one MCP server, by the name the server gives them.
 *
 * @example
 * ```ts
 * import { type PinnedServer, readPinLock } from '@arsenal/config';
 *
 * const lock = await readPinLock('arsenal.lock.json');
 * const github: PinnedServer = lock.servers.github ?? { tools: {} };
 * console.log(Object.keys(github.tools)); // ['create_issue', ...]
 * ```
 */
export interface PinnedServer {
  tools: Record<string, PinnedTool>;
}

/**
 * The lock file beside a config file: `arsenal.yaml` → `arsenal.lock.json`.
 *
 * @example
 * ```ts
 * import { lockPathFor } from '@arsenal/config';
 *
 * lockPathFor('/srv/arsenal/arsenal.yaml'); // '/srv/arsenal/arsenal.lock.json'
 * lockPathFor('tenant-a.yml'); // 'tenant-a.lock.json'
 * ```
 */
export function lockPathFor(configPath: string): string {
  return join(dirname(configPath), `${basename(configPath, extname(configPath))}.lock.json`);
}

/**
 * A lock that approves nothing: what a missing lock file reads as.
 *
 * @example
 * ```ts
 * import { emptyPinLock, writePinLock } from '@arsenal/config';
 *
 * await writePinLock('arsenal.lock.json', emptyPinLock()); // { lockfileVersion: 1, servers: {} }
 * ```
 */
export function emptyPinLock(): PinLock {
  return { lockfileVersion: 1, servers: {} };
}

/**
 * Read a lock file; a missing one is an empty lock, a broken one a ConfigurationError.
 *
 * @example
 * ```ts
 * import { lockPathFor, readPinLock } from '@arsenal/config';
 *
 * const lock = await readPinLock(lockPathFor('arsenal.yaml'));
 * console.log(Object.keys(lock.servers));
 * ```
 */
export async function readPinLock(path: string): Promise<PinLock> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return emptyPinLock();
    throw new ConfigurationError(
      `Cannot read the lock file ${path}: ${(error as Error).message}.`,
      {
        cause: error,
      },
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ConfigurationError(
      `The lock file ${path} is not valid JSON (${(error as Error).message}); restore it from version control or delete it and run \`arsenal approve\` again.`,
      { cause: error },
    );
  }
  const lock = value as Partial<PinLock> | null;
  if (
    typeof lock !== 'object' ||
    lock === null ||
    lock.lockfileVersion !== 1 ||
    typeof lock.servers !== 'object' ||
    lock.servers === null
  ) {
    throw new ConfigurationError(
      `The lock file ${path} is not an Arsenal lock file (expected {"lockfileVersion": 1, "servers": {...}}); delete it and run \`arsenal approve\` again.`,
    );
  }
  return lock as PinLock;
}

/**
 * Write a lock file atomically (a temporary file renamed over it), keys sorted for clean diffs.
 *
 * @example
 * ```ts
 * import { emptyPinLock, pinTool, writePinLock } from '@arsenal/config';
 *
 * const lock = emptyPinLock();
 * lock.servers.github = {
 *   tools: {
 *     create_issue: pinTool(
 *       { name: 'create_issue', inputSchema: { type: 'object' } },
 *       new Date().toISOString(),
 *     ),
 *   },
 * };
 * await writePinLock('arsenal.lock.json', lock);
 * ```
 */
export async function writePinLock(path: string, lock: PinLock): Promise<void> {
  const sorted: PinLock = { lockfileVersion: 1, servers: {} };
  for (const server of Object.keys(lock.servers).sort()) {
    const tools = lock.servers[server]!.tools;
    sorted.servers[server] = {
      tools: Object.fromEntries(
        Object.keys(tools)
          .sort()
          .map((name) => [name, tools[name]!]),
      ),
    };
  }
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(sorted, null, 2)}\n`);
  await rename(temporary, path);
}

/**
 * The approved hashes of one server, as `pinning.approved` takes them.
 *
 * @example
 * ```ts
 * import { approvedHashes, readPinLock } from '@arsenal/config';
 *
 * const lock = await readPinLock('arsenal.lock.json');
 * const approved = approvedHashes(lock, 'github'); // { create_issue: '<hash>', ... }
 * ```
 */
export function approvedHashes(lock: PinLock, server: string): Record<string, string> {
  const tools = lock.servers[server]?.tools ?? {};
  return Object.fromEntries(Object.entries(tools).map(([name, pinned]) => [name, pinned.hash]));
}

/**
 * Content hashes of every approved definition in the lock (quarantine approvals).
 *
 * @example
 * ```ts
 * import { approvedContentHashes, readPinLock } from '@arsenal/config';
 *
 * const lock = await readPinLock('arsenal.lock.json');
 * const released = new Set(approvedContentHashes(lock)); // quarantined tools let through
 * ```
 */
export function approvedContentHashes(lock: PinLock): string[] {
  return Object.values(lock.servers).flatMap((server) =>
    Object.values(server.tools).flatMap((pinned) =>
      pinned.contentHash ? [pinned.contentHash] : [],
    ),
  );
}

/**
 * Pin a tool as the server describes it now.
 *
 * @example
 * ```ts
 * import { pinTool } from '@arsenal/config';
 *
 * const pinned = pinTool(
 *   { name: 'create_issue', description: 'Open an issue.', inputSchema: { type: 'object' } },
 *   '2026-01-01T00:00:00.000Z',
 * );
 * pinned.hash; // changes when the name, description or schemas change
 * ```
 */
export function pinTool(tool: Tool, approvedAt: string, contentHash?: string): PinnedTool {
  const snapshot: PinnedTool['tool'] = { name: tool.name, inputSchema: tool.inputSchema };
  if (tool.title !== undefined) snapshot.title = tool.title;
  if (tool.description !== undefined) snapshot.description = tool.description;
  if (tool.outputSchema !== undefined) snapshot.outputSchema = tool.outputSchema;
  if (tool.annotations !== undefined) snapshot.annotations = tool.annotations;
  return {
    hash: pinHashOf(tool),
    approvedAt,
    ...(contentHash ? { contentHash } : {}),
    tool: snapshot,
  };
}
