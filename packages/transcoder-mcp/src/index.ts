export type { AnnotationSource, DecodedAnnotations } from './mcp-annotations.js';
export { fromMcpAnnotations, toMcpAnnotations } from './mcp-annotations.js';
export type { McpObjectSchema, McpTool, McpToolAnnotations, McpToolLike } from './mcp-tool.js';
export type { McpEncodeOptions, McpTranscoderOptions } from './mcp-transcoder.js';
export {
  ARSENAL_META_KEY,
  createMcpTranscoder,
  fromMcpTool,
  McpTranscoder,
  toMcpTool,
} from './mcp-transcoder.js';

declare module '@arsenal/core' {
  /** `retrieveTools(query, { dialect: 'mcp' })` returns MCP tools. */
  interface DialectToolTypes {
    mcp: import('./mcp-tool.js').McpTool;
  }
}
