import type { ToolDefinition, Transcoder } from '@arsenal/core';
import { describe, expect, it } from 'vitest';
import { CliError } from '../cli-error.js';
import type { ModuleLoader } from '../dialects.js';
import { createMemoryWriter } from '../io.js';
import { fixture, runArsenal } from '../test-support.js';
import { inspectCommand } from './inspect.js';

// Stands in for the transcoder packages: openai is "installed", the others are not.
const fakeOpenAI: Transcoder = {
  dialect: 'openai',
  encode: (tool: ToolDefinition, options) => ({
    type: 'function',
    function: {
      name: tool.name,
      description: tool.description,
      parameters: tool.parametersSchema,
      ...(options?.strict ? { strict: true } : {}),
    },
  }),
  decode: () => {
    throw new Error('not used');
  },
};
const loadModule: ModuleLoader = async (specifier) => {
  if (specifier === '@arsenal/transcoder-openai')
    return { createOpenAITranscoder: () => fakeOpenAI };
  throw new Error(`Cannot find package '${specifier}'`);
};

async function inspect(tool: string, json: boolean) {
  const stdout = createMemoryWriter();
  const stderr = createMemoryWriter();
  const code = await inspectCommand(
    { tool, catalogs: [fixture('tools.yaml')], json, loadModule },
    { stdout, stderr },
  );
  return { code, stdout: stdout.text, stderr: stderr.text };
}

describe('arsenal inspect', () => {
  it('shows the definition and every installed dialect with its token count', async () => {
    const { code, stdout } = await inspect('create_payment', false);
    expect(code).toBe(0);
    expect(stdout).toContain('finance.create_payment');
    expect(stdout).toContain('required before each call');
    expect(stdout).toMatch(/openai\s+\d+ tokens/);
    expect(stdout).toMatch(/openai strict\s+\d+ tokens/);
    expect(stdout).toMatch(/anthropic\s+not installed \(@arsenal\/transcoder-anthropic\)/);
    expect(stdout).toContain('"strict": true');
  });

  it('prints the definition and encodings as JSON', async () => {
    const { code, stdout } = await inspect('finance.convert_currency', true);
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    expect(report.definition.qualifiedName).toBe('finance.convert_currency:1.0.0');
    const openai = report.dialects.find((entry: { dialect: string }) => entry.dialect === 'openai');
    expect(openai.status).toBe('encoded');
    expect(openai.tokens).toBeGreaterThan(10);
    expect(openai.tool.function.name).toBe('convert_currency');
    expect(report.dialects.map((entry: { dialect: string }) => entry.dialect)).toEqual([
      'openai',
      'openai strict',
      'anthropic',
      'gemini',
      'mcp',
    ]);
  });

  it('says "did you mean" for an unknown tool', async () => {
    await expect(inspect('convert_curency', false)).rejects.toThrow(CliError);
    const { code, stderr } = await runArsenal([
      'inspect',
      'convert_curency',
      '--catalog',
      fixture('tools.yaml'),
    ]);
    expect(code).not.toBe(0);
    expect(stderr).toContain('tool "convert_curency" not found');
    expect(stderr).toContain('did you mean "convert_currency"');
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it('asks for a namespace when a name is in several', async () => {
    const { code, stderr } = await runArsenal(['inspect', 'convert_currency']);
    expect(code).not.toBe(0);
    expect(stderr).toContain('"finance.convert_currency" or "seal.convert_currency"');
  });
});
