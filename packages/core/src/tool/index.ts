export { pickToolAnnotations } from './annotations.js';
export type { CreateToolDefinitionOptions } from './create-tool-definition.js';
export {
  checkToolName,
  createToolDefinition,
  DESCRIPTION_MAX_LENGTH,
  DESCRIPTION_MIN_LENGTH,
  EXTENDED_DESCRIPTION_MAX_LENGTH,
  NAMESPACE_PATTERN,
  parseQualifiedName,
  RESERVED_TOOL_NAMES,
  TOOL_NAME_PATTERN,
  toToolDefinitionInput,
  toToolName,
} from './create-tool-definition.js';
export type {
  DecodedDescription,
  DecodedToolName,
  DecodeVendorDescriptionOptions,
  DecodeVendorToolNameOptions,
  DecodeVendorToolObjectOptions,
} from './decode-vendor-tool.js';
export {
  decodedToolMetadata,
  decodeVendorDescription,
  decodeVendorToolName,
  decodeVendorToolObject,
} from './decode-vendor-tool.js';
export type { DefineToolSpec, FunctionTool, InferToolInput } from './define-tool.js';
export { defineTool, isFunctionTool } from './define-tool.js';
export type { AssertEncodableToolOptions } from './encodable-tool.js';
export { assertEncodableTool, encodableParametersSchema } from './encodable-tool.js';
export type { HygieneMode } from './hygiene.js';
export { compareSemver, isSemver } from './semver.js';
export type {
  ToolAnnotations,
  ToolCapability,
  ToolCost,
  ToolDefinition,
  ToolDefinitionInput,
  ToolDependency,
  ToolHealth,
  ToolSourceKind,
} from './tool-definition.js';
export { HEALTHY, KNOWN_CAPABILITIES } from './tool-definition.js';
export type { VendorCodec, VendorTranscoderOptions } from './vendor-transcoder.js';
export { VendorTranscoder } from './vendor-transcoder.js';
