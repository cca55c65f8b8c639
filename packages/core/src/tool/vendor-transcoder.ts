import type { EncodeOptions, Transcoder } from '../ports/transcoder.js';
import { decodeVendorArguments, type VendorArgumentQuirks } from '../schema/vendor-arguments.js';
import type { ToolDefinition, ToolDefinitionInput, ToolSourceKind } from './tool-definition.js';

/** How one vendor format encodes and decodes tools, for `VendorTranscoder` to wrap. */
export interface VendorCodec<VendorTool, Options extends EncodeOptions> {
  /** Becomes `Transcoder.dialect`: `openai`, `anthropic`... */
  readonly dialect: string;
  /** `source` given to decoded tools when the transcoder's options do not name one. */
  readonly source: ToolSourceKind;
  /** The tool in the vendor's shape. */
  encode(tool: ToolDefinition, options: Options): VendorTool;
  /** A vendor tool back to a definition input. */
  decode(vendorTool: unknown, source: ToolSourceKind): ToolDefinitionInput;
  /** What the vendor's encoding changes in the arguments a model sends back. Default: nothing. */
  readonly argumentQuirks?: VendorArgumentQuirks;
}

/** What a vendor transcoder is built with: default encode options and the decoded `source`. */
export type VendorTranscoderOptions<Options extends EncodeOptions> = Options & {
  source?: ToolSourceKind;
};

/**
 * A `Transcoder` over a codec. Options given at construction are defaults that per-call encode
 * options override; decoded tools get the configured `source`, else the codec's.
 *
 * @example
 * class AcmeTranscoder extends VendorTranscoder<AcmeTool, AcmeEncodeOptions> {
 *   constructor(options: VendorTranscoderOptions<AcmeEncodeOptions> = {}) {
 *     super(ACME_CODEC, options);
 *   }
 * }
 */
export class VendorTranscoder<
  VendorTool,
  Options extends EncodeOptions,
  VendorToolLike = VendorTool,
> implements Transcoder<VendorTool>
{
  readonly dialect: string;
  readonly #codec: VendorCodec<VendorTool, Options>;
  readonly #options: VendorTranscoderOptions<Options>;

  constructor(codec: VendorCodec<VendorTool, Options>, options: VendorTranscoderOptions<Options>) {
    this.dialect = codec.dialect;
    this.#codec = codec;
    this.#options = { ...options };
  }

  /** The tool in the vendor's shape; per-call options override the transcoder's. */
  encode(tool: ToolDefinition, options?: Options): VendorTool {
    return this.#codec.encode(tool, { ...this.#options, ...options });
  }

  /** Back to a definition input, which `createToolDefinition` accepts. */
  decode(vendorTool: VendorTool | VendorToolLike): ToolDefinitionInput {
    return this.#codec.decode(vendorTool, this.#options.source ?? this.#codec.source);
  }

  /** A model's arguments for `tool` in this dialect, back in the tool's own form. */
  decodeArguments(tool: ToolDefinition, vendorArguments: unknown): unknown {
    const quirks = this.#codec.argumentQuirks;
    if (quirks === undefined) return vendorArguments;
    return decodeVendorArguments(tool.parametersSchema, vendorArguments, quirks);
  }
}
