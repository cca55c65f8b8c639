import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createArsenal } from '@arsenal/core';
import { describe, expect, it } from 'vitest';
import { createUtcpManualSource } from './utcp-manual-source.js';

const require = createRequire(import.meta.url);

/** The reference MCP server's entry script, from node_modules (never downloaded). */
function everythingEntry(): string {
  const manifestPath = require.resolve('@modelcontextprotocol/server-everything/package.json');
  const { bin } = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    bin: string | Record<string, string>;
  };
  return join(
    dirname(manifestPath),
    typeof bin === 'string' ? bin : (Object.values(bin)[0] as string),
  );
}

function mcpTool(entry: string) {
  return {
    name: 'everything',
    description: 'The reference MCP server.',
    inputs: { type: 'object' },
    outputs: {},
    tags: [],
    tool_call_template: {
      call_template_type: 'mcp',
      config: { mcpServers: { everything: { command: process.execPath, args: [entry, 'stdio'] } } },
    },
  };
}

describe('a UTCP manual with an MCP call template', () => {
  it('connects to the MCP server it names and runs its tools through executor-mcp', async () => {
    const manual = {
      utcp_version: '1.0.1',
      manual_version: '1.0.0',
      tools: [
        {
          name: 'everything',
          description: 'The reference MCP server.',
          inputs: { type: 'object' },
          outputs: {},
          tags: [],
          tool_call_template: {
            call_template_type: 'mcp',
            config: {
              mcpServers: {
                everything: { command: process.execPath, args: [everythingEntry(), 'stdio'] },
              },
            },
          },
        },
      ],
    };
    const arsenal = createArsenal();
    try {
      await arsenal.addSource(createUtcpManualSource({ name: 'ref', manual }));
      const names = arsenal.registry.list().map((t) => `${t.namespace}.${t.name}`);
      expect(names).toContain('ref.echo');
      const result = await arsenal.execute({
        tool: 'ref.echo',
        arguments: { message: 'over utcp' },
      });
      expect(result.status).toBe('success');
      expect(JSON.stringify(result.result)).toContain('over utcp');
    } finally {
      await arsenal.close();
    }
  });

  it('skips MCP templates where only HTTP is allowed, and starts nothing', async () => {
    const skipped: string[] = [];
    const source = createUtcpManualSource({
      name: 'remote',
      manual: { utcp_version: '1.0.0', tools: [mcpTool('/nonexistent/server.js')] },
      allowedProtocols: ['http'],
      onSkippedTool: (s) => skipped.push(s.reason),
    });
    expect(await source.load()).toEqual([]);
    expect(skipped).toEqual([expect.stringContaining('call type "mcp" is not allowed')]);
  });
});
