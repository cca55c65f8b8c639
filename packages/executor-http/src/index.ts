export type {
  AddressGuardOptions,
  AddressRange,
  HostResolver,
  ResolvedAddress,
} from './address-guard.js';
export { AddressGuard, classifyAddress } from './address-guard.js';
export type { HttpAuth, SchemeCredential } from './auth.js';
export type { RefusalReason } from './errors.js';
export { HttpRequestRefusedError, HttpStatusError, OpenApiSpecError } from './errors.js';
export type { HttpClientOptions } from './http-client.js';
export { HttpExecutor } from './http-executor.js';
export type { HttpToolDeclaration, HttpToolSourceOptions } from './http-tool-source.js';
export { createHttpToolSource, HttpToolSource } from './http-tool-source.js';
export type { ImportOptions, ImportResult, SkippedOperation } from './openapi-import.js';
export { importOpenApiDocument } from './openapi-import.js';
export type { OpenApiToolSourceOptions } from './openapi-tool-source.js';
export { createOpenApiToolSource, OpenApiToolSource, toNamespace } from './openapi-tool-source.js';
export type { BinaryResource } from './response-reader.js';
export { checkDocument, parseSpecText } from './spec-loader.js';
