import { analyze } from '../text/tokenize.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import type { ConversationContext } from './types.js';

/** Task intents and the words that signal them, in queries and in tool names, tags, capabilities. */
export const DEFAULT_INTENTS: Readonly<Record<string, readonly string[]>> = {
  data_query: [
    'query',
    'search',
    'get',
    'list',
    'fetch',
    'read',
    'find',
    'lookup',
    'show',
    'retrieve',
    'read_data',
  ],
  data_mutation: [
    'create',
    'update',
    'delete',
    'write',
    'modify',
    'add',
    'remove',
    'edit',
    'set',
    'write_data',
    'delete_data',
  ],
  analysis: [
    'analyze',
    'analyse',
    'compute',
    'aggregate',
    'calculate',
    'report',
    'estimate',
    'predict',
    'compare',
    'evaluate',
  ],
  communication: ['email', 'message', 'notify', 'slack', 'send', 'sms', 'call', 'chat', 'reply'],
  file_operations: [
    'file',
    'upload',
    'download',
    'convert',
    'export',
    'import',
    'document',
    'pdf',
    'file_system',
  ],
  customer_support: ['ticket', 'refund', 'support', 'customer', 'complaint', 'issue'],
  admin: ['user', 'permission', 'setting', 'config', 'admin', 'role', 'account'],
};

/** Classifies a request into an intent; plug an LLM-backed one in through this port. */
export interface IntentClassifier {
  classify(
    query: string,
    context?: ConversationContext,
  ): string | undefined | Promise<string | undefined>;
}

function stemmedKeywords(
  intents: Readonly<Record<string, readonly string[]>>,
): Map<string, Set<string>> {
  const map = new Map<string, Set<string>>();
  for (const [intent, words] of Object.entries(intents)) {
    map.set(intent, new Set(words.flatMap((word) => analyze(word, { keepStopWords: true }))));
  }
  return map;
}

/**
 * Keyword intent classification: the intent whose words appear most in the text. Ties and
 * texts without any intent word give undefined (no intent signal rather than a wrong one).
 */
export class KeywordIntentClassifier implements IntentClassifier {
  readonly #keywords: Map<string, Set<string>>;
  readonly #toolIntents = new WeakMap<ToolDefinition, ReadonlySet<string>>();

  constructor(intents: Readonly<Record<string, readonly string[]>> = DEFAULT_INTENTS) {
    this.#keywords = stemmedKeywords(intents);
  }

  classify(query: string): string | undefined {
    const ranked = this.#score(analyze(query, { keepStopWords: true }));
    if (ranked.length === 0) return undefined;
    if (ranked.length > 1 && ranked[1]![1] === ranked[0]![1]) return undefined;
    return ranked[0]![0];
  }

  /** Every intent a tool serves, from its name, tags and capabilities. */
  toolIntents(tool: ToolDefinition): ReadonlySet<string> {
    let intents = this.#toolIntents.get(tool);
    if (!intents) {
      const text = [tool.name, ...tool.tags, ...tool.capabilities].join(' ');
      intents = new Set(
        this.#score(analyze(text, { keepStopWords: true })).map(([intent]) => intent),
      );
      this.#toolIntents.set(tool, intents);
    }
    return intents;
  }

  #score(terms: readonly string[]): [string, number][] {
    const scores: [string, number][] = [];
    for (const [intent, keywords] of this.#keywords) {
      let count = 0;
      for (const term of terms) if (keywords.has(term)) count++;
      if (count > 0) scores.push([intent, count]);
    }
    return scores.sort((a, b) => b[1] - a[1]);
  }
}

/**
 * 1 when the tool serves the intent, 0.5 otherwise: keyword intents are too often wrong to count
 * against a tool (measured: a mismatch penalty cost Recall@5 on the dev benchmarks).
 */
export function intentMatch(intent: string | undefined, toolIntents: ReadonlySet<string>): number {
  if (intent === undefined || toolIntents.size === 0) return 0.5;
  return toolIntents.has(intent) ? 1 : 0.5;
}
