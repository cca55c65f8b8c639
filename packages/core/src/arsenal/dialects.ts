import { TranscodeError } from '../errors/arsenal-error.js';
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
   * schema by that dialect's transcoder. Unknown tools pass through for the engine to answer.
   */
  decodeArguments(call: ToolCall, registry: ToolRegistry): ToolCall {
    if (call.dialect === undefined || call.arguments === undefined) return call;
    const transcoder = this.get(call.dialect);
    const tool = registry.get(call.tool);
    if (!tool || !transcoder.decodeArguments) return call;
    return { ...call, arguments: transcoder.decodeArguments(tool, call.arguments) };
  }
}
