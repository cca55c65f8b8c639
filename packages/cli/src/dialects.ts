import type { EncodeOptions, ToolDefinition, Transcoder } from '@arsenal/core';

/** One way to show a tool to a model: a transcoder package, its factory and encode options. */
export interface DialectSpec {
  /** Label shown to users: `openai`, `openai strict`... */
  label: string;
  packageName: string;
  factory: string;
  options?: EncodeOptions;
}

export const DIALECTS: readonly DialectSpec[] = [
  { label: 'openai', packageName: '@arsenal/transcoder-openai', factory: 'createOpenAITranscoder' },
  {
    label: 'openai strict',
    packageName: '@arsenal/transcoder-openai',
    factory: 'createOpenAITranscoder',
    options: { strict: true },
  },
  {
    label: 'anthropic',
    packageName: '@arsenal/transcoder-anthropic',
    factory: 'createAnthropicTranscoder',
  },
  { label: 'gemini', packageName: '@arsenal/transcoder-gemini', factory: 'createGeminiTranscoder' },
  { label: 'mcp', packageName: '@arsenal/transcoder-mcp', factory: 'createMcpTranscoder' },
];

export type DialectEncoding =
  | { dialect: string; status: 'encoded'; tokens: number; tool: unknown }
  | { dialect: string; status: 'failed'; error: string }
  | { dialect: string; status: 'not_installed'; packageName: string };

/** Loads a package by name; injectable so tests can stand in for missing packages. */
export type ModuleLoader = (specifier: string) => Promise<Record<string, unknown>>;

// A variable specifier keeps the import optional: a transcoder that is not installed is skipped.
const importModule: ModuleLoader = (specifier) => import(specifier);

function isTranscoder(value: unknown): value is Transcoder {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Transcoder).encode === 'function' &&
    typeof (value as Transcoder).dialect === 'string'
  );
}

/** The transcoder a dialect needs, or undefined when its package is not installed. */
export async function loadTranscoder(
  spec: DialectSpec,
  load: ModuleLoader = importModule,
): Promise<Transcoder | undefined> {
  let module: Record<string, unknown>;
  try {
    module = await load(spec.packageName);
  } catch {
    return undefined;
  }
  const factory = module[spec.factory];
  if (typeof factory !== 'function') return undefined;
  const transcoder: unknown = factory();
  return isTranscoder(transcoder) ? transcoder : undefined;
}

/** Counts tokens of a text; o200k_base is the encoding of current OpenAI models. */
export type TokenCounter = (text: string) => number;

/** A counter using js-tiktoken's o200k_base ranks, loaded only when needed (they are large). */
export async function createTokenCounter(): Promise<TokenCounter> {
  const [{ Tiktoken }, ranks] = await Promise.all([
    import('js-tiktoken/lite'),
    import('js-tiktoken/ranks/o200k_base'),
  ]);
  const encoding = new Tiktoken(ranks.default);
  return (text) => encoding.encode(text).length;
}

/**
 * Encode `tool` in every dialect whose transcoder is installed, with the token count of the
 * compact JSON each produces (what a request carries, give or take the vendor's framing).
 */
export async function encodeInAllDialects(
  tool: ToolDefinition,
  countTokens: TokenCounter,
  load: ModuleLoader = importModule,
): Promise<DialectEncoding[]> {
  const encodings: DialectEncoding[] = [];
  for (const spec of DIALECTS) {
    const transcoder = await loadTranscoder(spec, load);
    if (!transcoder) {
      encodings.push({
        dialect: spec.label,
        status: 'not_installed',
        packageName: spec.packageName,
      });
      continue;
    }
    try {
      const encoded = transcoder.encode(tool, spec.options);
      encodings.push({
        dialect: spec.label,
        status: 'encoded',
        tokens: countTokens(JSON.stringify(encoded)),
        tool: encoded,
      });
    } catch (error) {
      encodings.push({
        dialect: spec.label,
        status: 'failed',
        error: error instanceof Error ? error.message.split('\n')[0]! : String(error),
      });
    }
  }
  return encodings;
}
