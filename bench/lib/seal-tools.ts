import { readFileSync } from 'node:fs';
import type { ToolDefinitionInput } from '@arsenal/core';

/** The Seal-Tools catalog (bench/data/seal-tools/tools.jsonl) as tool definitions. */
export function sealToolsCatalog(): ToolDefinitionInput[] {
  const path = new URL('../data/seal-tools/tools.jsonl', import.meta.url);
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const tool = JSON.parse(line) as { name: string; description: string; parameters?: object };
      return {
        name: tool.name,
        description: tool.description,
        parameters: (tool.parameters ?? {
          type: 'object',
          properties: {},
        }) as ToolDefinitionInput['parameters'],
      };
    });
}
