import { InvalidArgumentError, TranscodeError } from '../errors/arsenal-error.js';
import type { ToolCall } from '../execution/types.js';
import type { Transcoder } from '../ports/transcoder.js';
import type { ToolRegistry } from '../registry/tool-registry.js';

/** The transcoders an Arsenal was given, by dialect. */
export class Dialects {
  readonly #transcoders = new Map<string, Transcoder>();

  constructor(transcoders: readonly Transcoder[]) {
    for (const transcoder of transcoders) this.#transcoders.set(transcoder.dialect, transcoder);
  }

  get names(): string[] {
    return [...this.#transcoders.keys()];
  }

  /** The dialect of the only registered transcoder; throws when there are none or several. */
  only(operation: string): string {
    const names = this.names;
    if (names.length === 1) return names[0] as string;
    if (names.length === 0) {
      throw new InvalidArgumentError(
        `${operation} needs a transcoder, and none is registered. Install one (@arsenal/transcoder-openai, -anthropic, -gemini or -mcp), pass it to createArsenal({ transcoders: [...] }), and name its dialect: ${operation}(query, { dialect: 'openai' }).`,
      );
    }
    throw new InvalidArgumentError(
      `${operation} needs a dialect when several transcoders are registered: pass { dialect: ${names.map((n) => `'${n}'`).join(' | ')} }.`,
    );
  }

  /** The transcoder for a dialect; throws a TranscodeError naming the package to add. */
  get(dialect: string): Transcoder {
    const transcoder = this.#transcoders.get(dialect);
    if (!transcoder) {
      const known = this.names;
      throw new TranscodeError(
        dialect,
        `No transcoder for dialect "${dialect}". Install @arsenal/transcoder-${dialect} and pass it to createArsenal({ transcoders: [...] })${
          known.length > 0 ? `; registered dialects: ${known.join(', ')}` : ''
        }.`,
        'transcoder_missing',
      );
    }
    return transcoder;
  }

  /**
   * A call whose arguments came in a vendor's dialect, with them decoded back to the tool's own
   * schema by that dialect's transcoder. Arguments may be the JSON text a model returned (OpenAI's
   * `arguments` string) or the parsed object. Unknown tools, and text that is not a JSON object,
   * pass through for the engine to answer.
   */
  decodeArguments(call: ToolCall, registry: ToolRegistry): ToolCall {
    if (call.dialect === undefined || call.arguments === undefined) return call;
    const transcoder = this.get(call.dialect);
    const tool = registry.get(call.tool);
    if (!tool || !transcoder.decodeArguments) return call;
    const parsed =
      typeof call.arguments === 'string' ? parseObject(call.arguments) : call.arguments;
    if (parsed === undefined) return call;
    return { ...call, arguments: transcoder.decodeArguments(tool, parsed) };
  }
}

/** A JSON text's object, or undefined when the text is not JSON or not an object. */
function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
