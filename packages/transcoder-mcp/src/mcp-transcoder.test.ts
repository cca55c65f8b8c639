import { createToolDefinition, TranscodeError, type Transcoder } from '@arsenal/core';
import {
  deepFreeze,
  NASTY_SCHEMA_NAMES,
  NASTY_SCHEMAS,
  nastyTool,
  noParameterTool,
} from '@arsenal/testkit';
import { ToolSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import {
  ARSENAL_META_KEY,
  createMcpTranscoder,
  fromMcpTool,
  type McpTool,
  McpTranscoder,
  toMcpTool,
} from './index.js';

describe('McpTranscoder encode', () => {
  it.each(NASTY_SCHEMA_NAMES)('passes the MCP SDK ToolSchema for the %s schema', (name) => {
    const encoded = toMcpTool(nastyTool(name));
    expect(() => ToolSchema.parse(encoded)).not.toThrow();
    expect(encoded.inputSchema).toEqual({ ...NASTY_SCHEMAS[name], type: 'object' });
  });

  it('produces name, title, description, inputSchema, outputSchema, annotations and _meta', () => {
    const tool = nastyTool('flat', {
      title: 'Weather lookup',
      version: '2.1.0',
      namespace: 'weather',
      tags: ['forecast'],
      capabilities: ['read_data', 'network_access'],
      annotations: { idempotentHint: true },
      returnsSchema: { type: 'object', properties: { celsius: { type: 'number' } } },
    });
    expect(toMcpTool(tool)).toEqual({
      name: 'tool_flat',
      title: 'Weather lookup',
      description: tool.description,
      inputSchema: NASTY_SCHEMAS.flat,
      outputSchema: { type: 'object', properties: { celsius: { type: 'number' } } },
      annotations: { idempotentHint: true, readOnlyHint: true, openWorldHint: true },
      _meta: {
        [ARSENAL_META_KEY]: {
          version: '2.1.0',
          namespace: 'weather',
          tags: ['forecast'],
          capabilities: ['read_data', 'network_access'],
          requiresConfirmation: false,
        },
      },
    });
  });

  it('derives destructive hints from capabilities and requiresConfirmation, explicit hints win', () => {
    const deleting = toMcpTool(nastyTool('flat', { capabilities: ['delete_data'] }));
    expect(deleting.annotations).toEqual({ readOnlyHint: false, destructiveHint: true });
    const confirming = toMcpTool(nastyTool('flat', { requiresConfirmation: true }));
    expect(confirming.annotations).toEqual({ destructiveHint: true });
    const explicit = toMcpTool(
      nastyTool('flat', {
        capabilities: ['delete_data'],
        annotations: { readOnlyHint: false, destructiveHint: false, title: 'Soft delete' },
      }),
    );
    expect(explicit.annotations).toEqual({
      title: 'Soft delete',
      readOnlyHint: false,
      destructiveHint: false,
    });
    const plain = toMcpTool(nastyTool('flat'), {
      deriveAnnotations: false,
      includeArsenalMeta: false,
    });
    expect(plain.annotations).toBeUndefined();
    expect(plain._meta).toBeUndefined();
  });

  it('leaves out an outputSchema that is not an object, or when asked to', () => {
    const listReturning = nastyTool('flat', {
      returnsSchema: { type: 'array', items: { type: 'string' } },
    });
    expect(toMcpTool(listReturning).outputSchema).toBeUndefined();
    const objectReturning = nastyTool('flat', {
      returnsSchema: { type: 'object', properties: {} },
    });
    expect(toMcpTool(objectReturning, { includeOutputSchema: false }).outputSchema).toBeUndefined();
  });

  it('spells boolean property schemas as objects, as MCP expects', () => {
    const tool = nastyTool('flat', {
      parametersSchema: { type: 'object', properties: { anything: true, nothing: false } } as never,
    });
    const encoded = toMcpTool(tool);
    expect(encoded.inputSchema.properties).toEqual({ anything: {}, nothing: { not: {} } });
    expect(() => ToolSchema.parse(encoded)).not.toThrow();
  });

  it('gives a no-parameter tool an empty object schema', () => {
    expect(toMcpTool(noParameterTool()).inputSchema).toEqual({ type: 'object', properties: {} });
  });

  it('never mutates or shares the definition', () => {
    for (const name of NASTY_SCHEMA_NAMES) {
      const tool = deepFreeze(nastyTool(name, { capabilities: ['write_data'] }));
      const before = JSON.stringify(tool);
      const encoded = toMcpTool(tool);
      expect(JSON.stringify(tool)).toBe(before);
      expect(encoded.inputSchema.properties).not.toBe(tool.parametersSchema.properties);
    }
  });
});

describe('McpTranscoder decode', () => {
  it('implements the Transcoder port and round-trips every field Arsenal sends', () => {
    const transcoder: Transcoder<McpTool> = createMcpTranscoder();
    expect(transcoder).toBeInstanceOf(McpTranscoder);
    expect(transcoder.dialect).toBe('mcp');
    for (const name of NASTY_SCHEMA_NAMES) {
      const tool = nastyTool(name, {
        title: 'A title',
        version: '3.0.1',
        namespace: 'crm',
        tags: ['a', 'b'],
        capabilities: ['read_data', 'financial'],
        requiresConfirmation: true,
        annotations: { idempotentHint: false },
        returnsSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
      });
      const again = createToolDefinition(transcoder.decode(transcoder.encode(tool)));
      for (const field of [
        'name',
        'title',
        'description',
        'version',
        'namespace',
        'tags',
        'capabilities',
        'requiresConfirmation',
        'returnsSchema',
      ] as const) {
        expect(again[field], field).toEqual(tool[field]);
      }
      expect(again.parametersSchema).toEqual({ ...tool.parametersSchema, type: 'object' });
      expect(again.source).toBe('mcp_server');
    }
  });

  it('maps hints to annotations, capabilities and confirmation when there is no Arsenal _meta', () => {
    const destructive = fromMcpTool({
      name: 'delete_file',
      description: 'Deletes a file from the workspace.',
      inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
      annotations: { title: 'Delete file', destructiveHint: true, openWorldHint: false },
    });
    expect(destructive.requiresConfirmation).toBe(true);
    expect(destructive.capabilities).toEqual(['write_data', 'delete_data']);
    expect(destructive.title).toBe('Delete file');
    expect(destructive.annotations).toEqual({
      title: 'Delete file',
      destructiveHint: true,
      openWorldHint: false,
    });
    expect(createToolDefinition(destructive).requiresConfirmation).toBe(true);

    const reader = fromMcpTool({
      name: 'read_file',
      description: 'Reads a file from the workspace.',
      inputSchema: { type: 'object' },
      // destructiveHint only means something when readOnlyHint is false.
      annotations: { readOnlyHint: true, destructiveHint: true, openWorldHint: true },
    });
    expect(reader.requiresConfirmation).toBe(false);
    expect(reader.capabilities).toEqual(['read_data', 'external_api']);
  });

  it('converts names, keeps the original and other MCP fields in metadata', () => {
    const decoded = fromMcpTool({
      name: 'github.createIssue',
      description: 'Creates an issue in a GitHub repository.',
      inputSchema: { type: 'object', properties: {} },
      icons: [{ src: 'https://example.com/icon.png' }],
      _meta: { 'example.com/trace': 'abc' },
    });
    expect(decoded.name).toBe('github_create_issue');
    expect(decoded.metadata).toEqual({
      originalName: 'github.createIssue',
      mcp: {
        _meta: { 'example.com/trace': 'abc' },
        icons: [{ src: 'https://example.com/icon.png' }],
      },
    });
    expect(() => createToolDefinition(decoded)).not.toThrow();
  });

  it('ignores malformed Arsenal _meta instead of trusting it', () => {
    const decoded = fromMcpTool({
      name: 'odd_tool',
      description: 'Has a broken _meta block.',
      inputSchema: { type: 'object' },
      _meta: { [ARSENAL_META_KEY]: { version: 'latest', namespace: 'Bad Namespace!', tags: [1] } },
    });
    expect(decoded.version).toBeUndefined();
    expect(decoded.namespace).toBeUndefined();
    expect(decoded.tags).toBeUndefined();
    expect(() => createToolDefinition(decoded)).not.toThrow();
  });

  it('rejects bad input with TranscodeErrors that say what to send', () => {
    const cases: Array<[unknown, RegExp]> = [
      [42, /expected \{name, description, inputSchema\}/],
      [{ name: 'x_tool', description: 'Does the x thing.' }, /has no inputSchema/],
      [
        { name: 'x_tool', description: 'Does the x thing.', inputSchema: { type: 'array' } },
        /requires "object" at its root/,
      ],
      [
        {
          name: 'x_tool',
          description: 'Does the x thing.',
          inputSchema: { type: 'object' },
          outputSchema: 'none',
        },
        /outputSchema must be a JSON Schema object/,
      ],
      [{ description: 'Nameless.', inputSchema: { type: 'object' } }, /non-empty "name"/],
    ];
    for (const [input, message] of cases) {
      const attempt = () => fromMcpTool(input as McpTool);
      expect(attempt).toThrowError(message);
      expect(attempt).toThrowError(TranscodeError);
    }
  });
});
