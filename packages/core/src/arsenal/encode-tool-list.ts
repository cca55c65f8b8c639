import { toArsenalError } from '../errors/arsenal-error.js';
import type { EncodeOptions, Transcoder } from '../ports/transcoder.js';
import type { ToolDefinition } from '../tool/tool-definition.js';

/** A tool that was sent differently from what was asked, and why. */
export interface EncodeWarning {
  tool: string;
  dialect: string;
  message: string;
}

/** Tools in a vendor's shape, with a warning for each tool sent differently from what was asked. */
export interface EncodedToolList {
  tools: unknown[];
  warnings: EncodeWarning[];
}

/**
 * Encode a list of tools for one dialect. With `strict: true`, a tool whose schema strict mode
 * cannot express (a map, an untyped value) is sent non-strict with a warning naming it, instead
 * of failing the whole list; any other encoding failure still throws.
 *
 * @example
 * const { tools, warnings } = encodeToolList(openai, retrieved, { strict: true });
 */
export function encodeToolList(
  transcoder: Transcoder,
  tools: readonly ToolDefinition[],
  options: EncodeOptions = {},
): EncodedToolList {
  const encoded: unknown[] = [];
  const warnings: EncodeWarning[] = [];
  for (const tool of tools) {
    if (options.strict !== true) {
      encoded.push(transcoder.encode(tool, options));
      continue;
    }
    try {
      encoded.push(transcoder.encode(tool, options));
    } catch (error) {
      const reason = toArsenalError(error).message;
      // Throws again when the tool cannot be encoded at all, strict or not.
      encoded.push(transcoder.encode(tool, { ...options, strict: false }));
      warnings.push({
        tool: tool.name,
        dialect: transcoder.dialect,
        message: `Tool "${tool.name}" was sent without strict mode: ${reason}`,
      });
    }
  }
  return { tools: encoded, warnings };
}

/** `encodeToolList`, each warning given to `onWarning` (a console warning without one). */
export function encodeReportingWarnings(
  transcoder: Transcoder,
  tools: readonly ToolDefinition[],
  options: EncodeOptions | undefined,
  onWarning: ((warning: EncodeWarning) => void) | undefined,
): unknown[] {
  const encoded = encodeToolList(transcoder, tools, options);
  for (const warning of encoded.warnings) {
    if (onWarning) onWarning(warning);
    else console.warn(`arsenal: ${warning.message}`);
  }
  return encoded.tools;
}
