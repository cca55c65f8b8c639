import type { ToolDefinition, ToolDefinitionInput } from '../tool/tool-definition.js';

/** How to encode a tool in a vendor's format. */
export interface EncodeOptions {
  /** Dialect-specific switches, e.g. OpenAI `strict`. */
  strict?: boolean;
  [option: string]: unknown;
}

/**
 * Converts between Arsenal's ToolDefinition and one vendor's tool format.
 *
 * @example
 * const arsenal = createArsenal({ transcoders: [createOpenAITranscoder()] });
 * const tools = await arsenal.retrieveTools('refund a payment', { dialect: 'openai', limit: 5 });
 */
export interface Transcoder<VendorTool = unknown> {
  /** `openai`, `anthropic`, `gemini`, `mcp`... */
  readonly dialect: string;
  /** The tool in the vendor's format. */
  encode(tool: ToolDefinition, options?: EncodeOptions): VendorTool;
  /** Back to a definition input; fields the vendor format lacks get defaults. */
  decode(vendorTool: VendorTool): ToolDefinitionInput;
  /**
   * Arguments a model sent for `tool` in this dialect, back in the form the tool's own schema
   * expects (e.g. OpenAI strict's `null` for an optional property becomes an absent one).
   * Absent means the dialect sends arguments as the tool's schema describes them.
   */
  decodeArguments?(tool: ToolDefinition, vendorArguments: unknown): unknown;
}
