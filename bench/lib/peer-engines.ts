import { createArsenal, type ToolDefinitionInput } from '@arsenal/core';
import FlexSearch from 'flexsearch';
import MiniSearch from 'minisearch';
import winkBm25 from 'wink-bm25-text-search';

/** Tool names, best first (a promise only where the engine is asynchronous). */
export type Search = (query: string, k: number) => string[] | Promise<string[]>;

/** One search library, indexing a tool catalog and answering queries with tool names. */
export interface PeerEngine {
  name: string;
  build(tools: readonly ToolDefinitionInput[]): Promise<Search>;
}

/** The text a generic search library gets for a tool: words of its name, description, parameters. */
export function toolText(tool: ToolDefinitionInput): { name: string; body: string } {
  const schema = (tool.parametersSchema ?? tool.parameters) as
    | { properties?: Record<string, { description?: string }> }
    | undefined;
  const parameters = Object.entries(schema?.properties ?? {})
    .map(([key, value]) => `${key.replace(/_/g, ' ')} ${value?.description ?? ''}`)
    .join(' ');
  return {
    name: String(tool.name).replace(/[_.-]+/g, ' '),
    body: `${tool.description ?? ''} ${parameters}`,
  };
}

const words = (text: unknown) =>
  String(text)
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);

export const ENGINES: PeerEngine[] = [
  {
    name: 'Arsenal',
    async build(tools) {
      const arsenal = createArsenal();
      const summary = await arsenal.register(tools as ToolDefinitionInput[], { hygiene: 'flag' });
      if (summary.failed.length > 0)
        throw new Error(`Arsenal: ${summary.failed[0]!.error.message}`);
      return async (query, k) =>
        (await arsenal.retrieve({ query, limit: k })).tools.map((entry) => entry.tool.name);
    },
  },
  {
    name: 'MiniSearch 7.2.0',
    async build(tools) {
      const index = new MiniSearch<{ id: string; name: string; body: string }>({
        fields: ['name', 'body'],
        searchOptions: { boost: { name: 2 } },
      });
      index.addAll(tools.map((tool) => ({ id: String(tool.name), ...toolText(tool) })));
      return (query, k) =>
        index
          .search(query)
          .slice(0, k)
          .map((hit) => String(hit.id));
    },
  },
  {
    name: 'FlexSearch 0.8.212',
    async build(tools) {
      const index = new FlexSearch.Document({
        document: { id: 'id', index: ['name', 'body'] },
        tokenize: 'strict',
      });
      for (const tool of tools) index.add({ id: String(tool.name), ...toolText(tool) });
      return (query, k) => {
        const seen = new Set<string>();
        for (const field of index.search(query, { limit: k, suggest: true }) as {
          result: (string | number)[];
        }[]) {
          for (const id of field.result) seen.add(String(id));
        }
        return [...seen].slice(0, k);
      };
    },
  },
  {
    name: 'wink-bm25-text-search 3.1.2',
    async build(tools) {
      const engine = winkBm25();
      engine.defineConfig({ fldWeights: { name: 2, body: 1 } });
      engine.definePrepTasks([words]);
      for (const tool of tools) engine.addDoc(toolText(tool), String(tool.name));
      engine.consolidate();
      return (query, k) => engine.search(query, k).map(([id]) => String(id));
    },
  },
];
