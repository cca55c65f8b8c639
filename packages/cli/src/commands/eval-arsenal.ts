import { createArsenalFromConfig, loadConfig } from '@arsenal/config';
import { type Arsenal, createArsenal, createLexicalReranker } from '@arsenal/core';
import { type CliIO, writeLine } from '../io.js';
import type { EvalArgs } from './eval.js';

/** The Arsenal under test: from --config (its adapters and routing, not its tools) or flags. */
export async function openEvalArsenal(
  args: Pick<EvalArgs, 'config' | 'rerank' | 'weights' | 'decompose'>,
  io: CliIO,
): Promise<{ arsenal: Arsenal; close: () => Promise<void> }> {
  if (args.config === undefined) {
    const arsenal = createArsenal({
      reranker: args.rerank ? createLexicalReranker() : undefined,
      retrieval: { weights: args.weights, decompose: args.decompose },
    });
    return { arsenal, close: () => arsenal.close() };
  }
  const config = await loadConfig(args.config);
  // Every tool source of the config is left out: only the --tools catalog is measured.
  const {
    tools: _tools,
    mcpServers: _servers,
    cli: _cli,
    openapi: _openapi,
    http: _http,
    a2aAgents: _agents,
    utcp: _utcp,
    ...retrievalOnly
  } = config;
  const configured = await createArsenalFromConfig(retrievalOnly, {
    onWarning: (message) => writeLine(io.stderr, `arsenal: warning: ${message}`),
  });
  return { arsenal: configured.arsenal, close: configured.close };
}
