import { createA2aRoutes } from '@arsenal/a2a-server';
import { type Arsenal, createArsenal, createSecurityPolicy, defineTool } from '@arsenal/core';
import {
  createArsenalMcpServer,
  type RunningHttpServer,
  startHttpServer,
} from '@arsenal/mcp-server';
import { createRestApi } from '@arsenal/rest-api';
import { createUtcpRoute } from '@arsenal/utcp';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Every surface that can name a tool, served together behind one front door, with a policy that
// hides some tools: none of them may name a hidden tool, and a hidden tool must be refused exactly
// as a tool that does not exist.

const READER = 'visibility-reader-token-0123456789';
/** Words only a hidden tool (or the rule hiding it) would put in an answer. */
const HIDDEN = [
  'read_secret',
  'read-secret',
  'rotate-key',
  'vault',
  'export_ledger',
  'ledger',
  'financial',
];
/** What an anonymous caller may not see: it holds no capability, so the ledger is hidden too. */
const HIDDEN_FROM_ANONYMOUS = HIDDEN;

const input = { type: 'object', properties: { id: { type: 'string' } } } as const;

/** Notes for everyone; a vault the policy denies; a ledger for principals holding `financial`. */
async function catalog(withHiddenTools: boolean): Promise<Arsenal> {
  const arsenal = createArsenal({
    policy: createSecurityPolicy({ deny: { tools: ['vault.*'] }, anonymousCapabilities: [] }),
  });
  await arsenal.register([
    defineTool({
      name: 'read_note',
      namespace: 'notes',
      description: 'Read one note from the notebook by its id.',
      input,
      metadata: { mcpServer: 'notes', mcpName: 'read-note' },
      handler: ({ id }) => `note ${id}`,
    }),
    defineTool({
      name: 'write_note',
      namespace: 'notes',
      description: 'Write a short note into the notebook.',
      input,
      handler: () => 'written',
    }),
    // A visible tool whose dependencies and successor name hidden tools.
    defineTool({
      name: 'archive_note',
      namespace: 'notes',
      description: 'Archive one note of the notebook by its id.',
      dependencies: [
        { tool: 'vault.read_secret', kind: 'requires' },
        { tool: 'ledger.export_ledger', kind: 'suggests' },
        { tool: 'notes.read_note', kind: 'suggests' },
      ],
      supersededBy: 'ledger.export_ledger',
      input,
      handler: () => 'archived',
    }),
  ]);
  if (!withHiddenTools) return arsenal;
  await arsenal.register([
    defineTool({
      name: 'read_secret',
      namespace: 'vault',
      description: 'Read one secret from the vault by its id.',
      input,
      metadata: { mcpServer: 'vault', mcpName: 'read-secret' },
      handler: ({ id }) => `secret ${id}`,
    }),
    defineTool({
      name: 'export_ledger',
      namespace: 'ledger',
      description: 'Export the ledger of payments as a note.',
      capabilities: ['financial'],
      input,
      handler: () => 'exported',
    }),
  ]);
  return arsenal;
}

interface Served {
  arsenal: Arsenal;
  http: RunningHttpServer;
  origin: string;
  mcp: Client;
}

/** `open`: no authentication (loopback), so every caller is anonymous. */
async function serveEverything(withHiddenTools: boolean, open = false): Promise<Served> {
  const arsenal = await catalog(withHiddenTools);
  const credentials = open ? [] : [{ token: READER, principal: { id: 'rita', capabilities: [] } }];
  let origin = '';
  const api = createRestApi(arsenal, {
    basePath: '/api',
    // A visible tool that requires a hidden one: a plan must not bring the hidden one in.
    planning: {
      dependencies: [{ from: 'notes.write_note', to: 'vault.read_secret', kind: 'requires' }],
    },
    pins: async () => ({
      pins: [
        {
          server: 'notes',
          tool: 'read-note',
          hash: 'sha256:aa',
          approvedAt: '2026-11-01T10:00:00Z',
        },
        {
          server: 'vault',
          tool: 'read-secret',
          hash: 'sha256:bb',
          approvedAt: '2026-11-01T10:00:00Z',
        },
        // Not registered (its server may be down): judged by its names, and the vault is denied.
        {
          server: 'vault',
          tool: 'rotate-key',
          hash: 'sha256:cc',
          approvedAt: '2026-11-01T10:00:00Z',
        },
      ],
      lockFile: 'arsenal.lock.json',
    }),
  });
  const http = await startHttpServer(createArsenalMcpServer({ arsenal, mode: 'dynamic' }), {
    port: 0,
    credentials,
    routes: [
      api.route,
      createUtcpRoute(arsenal, { baseUrl: () => origin }),
      ...createA2aRoutes({ arsenal, credentials, namespaceSkills: true }, () => origin),
    ],
  });
  origin = new URL(http.url).origin;
  const mcp = new Client({ name: 'visibility-test', version: '1.0.0' });
  await mcp.connect(
    new StreamableHTTPClientTransport(new URL(http.url), {
      requestInit: { headers: open ? {} : { authorization: `Bearer ${READER}` } },
    }),
  );
  return { arsenal, http, origin, mcp };
}

/** One answer of one surface: its status and its body as the caller received it. */
interface Answer {
  status: number;
  text: string;
}

async function fetchAnswer(
  served: Served,
  method: string,
  path: string,
  options: { body?: unknown; anonymous?: boolean } = {},
): Promise<Answer> {
  const response = await fetch(`${served.origin}${path}`, {
    method,
    headers: {
      ...(options.anonymous ? {} : { authorization: `Bearer ${READER}` }),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      'a2a-version': '1.0',
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  return { status: response.status, text: await response.text() };
}

/** An A2A `SendMessage` with one data part, answered with the task (blocking until it ends). */
function a2aMessage(data: unknown): unknown {
  return {
    jsonrpc: '2.0',
    id: 1,
    method: 'SendMessage',
    params: {
      message: {
        messageId: 'visibility-message',
        role: 'ROLE_USER',
        parts: [
          typeof data === 'string'
            ? { text: data, mediaType: 'text/plain' }
            : { data, mediaType: 'application/json' },
        ],
      },
      configuration: { blocking: true, returnImmediately: false },
    },
  };
}

async function mcpAnswer(served: Served, name: string, args: Record<string, unknown>) {
  try {
    const result = await served.mcp.callTool({ name, arguments: args });
    return { status: result.isError ? 1 : 0, text: JSON.stringify(result) };
  } catch (error) {
    return { status: -1, text: (error as Error).message };
  }
}

/** Every answer that can name a tool, for one tool name the reader asks about. */
async function refusalsOf(served: Served, name: string): Promise<Record<string, Answer>> {
  const encoded = encodeURIComponent(name);
  return {
    'REST GET /tools/{name}': await fetchAnswer(served, 'GET', `/api/tools/${encoded}`),
    'REST GET /tools/{name}/dialects': await fetchAnswer(
      served,
      'GET',
      `/api/tools/${encoded}/dialects`,
    ),
    'REST POST /execute': await fetchAnswer(served, 'POST', '/api/execute', {
      body: { tool: name, arguments: { id: 'a1' } },
    }),
    'A2A SendMessage { tool }': await fetchAnswer(served, 'POST', '/a2a', {
      body: a2aMessage({ tool: name, arguments: { id: 'a1' } }),
    }),
    'UTCP POST /utcp/call/{name}': await fetchAnswer(served, 'POST', `/utcp/call/${encoded}`, {
      body: { id: 'a1' },
    }),
    'MCP execute_tool': await mcpAnswer(served, 'execute_tool', {
      tool_name: name,
      arguments: { id: 'a1' },
    }),
    'MCP describe_tool': await mcpAnswer(served, 'describe_tool', { tool_name: name }),
    'MCP tools/call': await mcpAnswer(served, name, { id: 'a1' }),
  };
}

/** Keys whose values differ per request (ids, clocks), not per tool. */
const PER_REQUEST = new Set([
  'callId',
  'traceId',
  'spanId',
  'queuedAt',
  'startedAt',
  'completedAt',
  'durationMs',
  'taskId',
  'contextId',
  'messageId',
  'artifactId',
  'timestamp',
  'id',
]);

function withoutRequestIds(text: string): string {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !PER_REQUEST.has(key))
        .map(([key, inner]) => [key, strip(inner)]),
    );
  };
  try {
    return JSON.stringify(strip(JSON.parse(text)));
  } catch {
    return text;
  }
}

function expectNoHiddenName(surface: string, text: string, hidden: readonly string[]): void {
  for (const word of hidden) {
    expect(text.toLowerCase().includes(word), `${surface} names "${word}": ${text}`).toBe(false);
  }
}

describe('one visibility rule for every served surface', () => {
  let served: Served;
  let empty: Served;
  let open: Served;
  let openEmpty: Served;

  beforeAll(async () => {
    [served, empty, open, openEmpty] = await Promise.all([
      serveEverything(true),
      serveEverything(false),
      serveEverything(true, true),
      serveEverything(false, true),
    ]);
  });

  /** The reader on the authenticated servers, or an anonymous caller on the open ones. */
  const servers = (anonymous: boolean) => (anonymous ? [open, openEmpty] : [served, empty]);

  afterAll(async () => {
    for (const each of [served, empty, open, openEmpty]) {
      await each?.mcp.close();
      await each?.http.close();
      await each?.arsenal.close();
    }
  });

  it('REST /execute of a mistyped name suggests only tools the caller may see', async () => {
    const typo = await fetchAnswer(served, 'POST', '/api/execute', {
      body: { tool: 'read_secrt', arguments: {} },
    });
    expect(typo.status).toBe(404);
    expectNoHiddenName('REST /execute (typo)', typo.text, HIDDEN);
    const near = await fetchAnswer(served, 'POST', '/api/execute', {
      body: { tool: 'read_nte', arguments: {} },
    });
    expect(JSON.parse(near.text).suggestions).toEqual(['read_note']);
  });

  it('REST /execute refuses a hidden tool with the 404 of an unknown one, naming no rule', async () => {
    const hidden = await fetchAnswer(served, 'POST', '/api/execute', {
      body: { tool: 'vault.read_secret', arguments: {} },
    });
    const unknown = await fetchAnswer(empty, 'POST', '/api/execute', {
      body: { tool: 'vault.read_secret', arguments: {} },
    });
    expect(hidden.status).toBe(404);
    expect(withoutRequestIds(hidden.text)).toBe(withoutRequestIds(unknown.text));
    expect(hidden.text).not.toContain('vault.*');
  });

  it('GET /api/pins shows a reader only the pins of tools it may see', async () => {
    const pins = await fetchAnswer(served, 'GET', '/api/pins');
    expect(pins.status).toBe(200);
    expect(JSON.parse(pins.text).pins.map((pin: { tool: string }) => pin.tool)).toEqual([
      'read-note',
    ]);
  });

  it('the public agent card names only what an anonymous caller may see', async () => {
    const card = await fetchAnswer(served, 'GET', '/.well-known/agent-card.json', {
      anonymous: true,
    });
    expect(card.status).toBe(200);
    expectNoHiddenName('agent card', card.text, HIDDEN_FROM_ANONYMOUS);
    expect(card.text).toContain('namespace_notes');
    const legacy = await fetchAnswer(served, 'GET', '/.well-known/agent.json', { anonymous: true });
    expectNoHiddenName('legacy agent card', legacy.text, HIDDEN_FROM_ANONYMOUS);
    // The card is public: an authenticated caller gets the same anonymous view, not its own.
    const asReader = await fetchAnswer(served, 'GET', '/.well-known/agent-card.json');
    expect(asReader.text).toBe(card.text);
  });

  it('A2A task messages refuse a hidden tool as an unknown one and suggest only visible tools', async () => {
    const hidden = await fetchAnswer(served, 'POST', '/a2a', {
      body: a2aMessage({ tool: 'vault.read_secret', arguments: {} }),
    });
    const unknown = await fetchAnswer(empty, 'POST', '/a2a', {
      body: a2aMessage({ tool: 'vault.read_secret', arguments: {} }),
    });
    expect(hidden.text).toContain('tool_not_found');
    expect(withoutRequestIds(hidden.text)).toBe(withoutRequestIds(unknown.text));
    expect(hidden.text).not.toContain('vault.*');
    const typo = await fetchAnswer(served, 'POST', '/a2a', {
      body: a2aMessage({ tool: 'read_secrt', arguments: {} }),
    });
    expect(typo.text).toContain('tool_not_found');
    expectNoHiddenName('A2A task (typo)', typo.text, HIDDEN);
  });

  it('no surface names a hidden tool to the reader', async () => {
    const answers: Record<string, Answer> = {
      'REST GET /tools': await fetchAnswer(served, 'GET', '/api/tools'),
      'REST POST /tools/search': await fetchAnswer(served, 'POST', '/api/tools/search', {
        body: { query: 'read one secret by its id, or export payments', limit: 10 },
      }),
      'REST GET /tools/{typo}': await fetchAnswer(served, 'GET', '/api/tools/read_secrt'),
      'REST POST /execute (typo)': await fetchAnswer(served, 'POST', '/api/execute', {
        body: { tool: 'export_ledgr', arguments: {} },
      }),
      'REST GET /pins': await fetchAnswer(served, 'GET', '/api/pins'),
      'REST GET /health': await fetchAnswer(served, 'GET', '/api/health'),
      'REST GET /quarantine': await fetchAnswer(served, 'GET', '/api/quarantine'),
      'REST GET /graph': await fetchAnswer(served, 'GET', '/api/graph'),
      'REST POST /plan': await fetchAnswer(served, 'POST', '/api/plan', {
        body: { task: 'write a short note into the notebook' },
      }),
      'REST GET /openapi.json': await fetchAnswer(served, 'GET', '/api/openapi.json'),
      'A2A SendMessage (discovery)': await fetchAnswer(served, 'POST', '/a2a', {
        body: a2aMessage('read one secret by its id, or export payments'),
      }),
      'A2A SendMessage (typo)': await fetchAnswer(served, 'POST', '/a2a', {
        body: a2aMessage({ tool: 'export_ledgr', arguments: {} }),
      }),
      'UTCP GET /utcp': await fetchAnswer(served, 'GET', '/utcp'),
      'MCP tools/list': { status: 0, text: JSON.stringify(await served.mcp.listTools()) },
      'MCP find_relevant_tools': await mcpAnswer(served, 'find_relevant_tools', {
        query: 'read one secret by its id, or export payments',
        limit: 10,
      }),
      'MCP execute_tool (typo)': await mcpAnswer(served, 'execute_tool', {
        tool_name: 'read_secrt',
        arguments: {},
      }),
    };
    for (const name of ['vault.read_secret', 'read_secret', 'ledger.export_ledger']) {
      for (const [surface, answer] of Object.entries(await refusalsOf(served, name))) {
        answers[`${surface} for ${name}`] = answer;
      }
    }
    for (const [surface, answer] of Object.entries(answers)) {
      const hiddenNames = name(surface, answer);
      expectNoHiddenName(surface, hiddenNames, HIDDEN);
    }
    // The reader does see the notes, so the checks above looked at real answers.
    expect(answers['REST GET /tools']?.text).toContain('read_note');
    expect(answers['REST POST /plan']?.text).toContain('write_note');
    expect(answers['MCP tools/list']?.text).toContain('find_relevant_tools');
    expect(answers['UTCP GET /utcp']?.text).toContain('notes.read_note');
  });

  it('shows a visible tool without the hidden tools it depends on, on every listing', async () => {
    for (const anonymous of [false, true]) {
      const [server] = servers(anonymous) as [Served];
      const answers = {
        'REST GET /tools/{name}': await fetchAnswer(server, 'GET', '/api/tools/archive_note', {
          anonymous,
        }),
        'REST GET /tools': await fetchAnswer(server, 'GET', '/api/tools', { anonymous }),
        'REST POST /tools/search': await fetchAnswer(server, 'POST', '/api/tools/search', {
          body: { query: 'archive one note of the notebook', limit: 10 },
          anonymous,
        }),
        'REST GET /graph': await fetchAnswer(server, 'GET', '/api/graph', { anonymous }),
      };
      for (const [surface, answer] of Object.entries(answers)) {
        expect(answer.status, surface).toBe(200);
        expect(answer.text, surface).toContain('archive_note');
        expectNoHiddenName(`${surface} (anonymous: ${anonymous})`, answer.text, HIDDEN);
      }
      const tool = JSON.parse(answers['REST GET /tools/{name}'].text);
      expect(tool.dependencies.map((dependency: { tool: string }) => dependency.tool)).toEqual([
        'notes.read_note',
      ]);
    }
  });

  it('counts only visible tools in search counts, totals and facets', async () => {
    for (const anonymous of [false, true]) {
      const search = {
        query: 'read one secret by its id, export the ledger, or a note',
        limit: 10,
      };
      const [hidden, unknown] = await Promise.all(
        servers(anonymous).map((each) =>
          fetchAnswer(each, 'POST', '/api/tools/search', { body: search, anonymous }),
        ),
      );
      const counts = (answer: Answer | undefined) => {
        const body = JSON.parse(answer?.text ?? '{}');
        return { candidates: body.candidateCount, filtered: body.filteredCount };
      };
      expect(counts(hidden)).toEqual(counts(unknown));
      const [listed, listedEmpty] = await Promise.all(
        servers(anonymous).map((each) =>
          fetchAnswer(each, 'GET', '/api/tools?facets=true', { anonymous }),
        ),
      );
      const summary = (answer: Answer | undefined) => {
        const body = JSON.parse(answer?.text ?? '{}');
        return { total: body.total, facets: body.facets };
      };
      expect(summary(listed)).toEqual(summary(listedEmpty));
    }
  });

  it('refuses a capability-gated tool to an anonymous caller exactly as an unknown one', async () => {
    const call = { tool_name: 'ledger.export_ledger', arguments: { id: 'a1' } };
    const hidden = await mcpAnswer(open, 'execute_tool', call);
    const unknown = await mcpAnswer(openEmpty, 'execute_tool', call);
    expect(hidden.text).toContain('tool_not_found');
    expect(withoutRequestIds(hidden.text)).toBe(withoutRequestIds(unknown.text));
    const listed = await fetchAnswer(open, 'GET', '/api/tools', { anonymous: true });
    expectNoHiddenName('REST GET /tools (anonymous)', listed.text, HIDDEN);
  });

  it('hidden and unknown tools get byte-identical refusals on every surface', async () => {
    for (const name of ['vault.read_secret', 'ledger.export_ledger']) {
      const hidden = await refusalsOf(served, name);
      const unknown = await refusalsOf(empty, name);
      for (const [surface, answer] of Object.entries(hidden)) {
        const other = unknown[surface] as Answer;
        expect(answer.status, `${surface} for ${name}`).toBe(other.status);
        expect(withoutRequestIds(answer.text), `${surface} for ${name}`).toBe(
          withoutRequestIds(other.text),
        );
      }
    }
  });
});

/** The text to search: the answer minus the name the caller itself asked about. */
function name(surface: string, answer: Answer): string {
  const asked = surface.match(/ for (\S+)$/)?.[1];
  if (!asked) return answer.text;
  const variants = [asked, JSON.stringify(asked).slice(1, -1), encodeURIComponent(asked)];
  let text = answer.text;
  for (const variant of variants) text = text.split(variant).join('<asked>');
  return text;
}
