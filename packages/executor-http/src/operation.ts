/** Where an argument goes in the request. */
export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';

/** One spec parameter bound to one property of the tool's input. */
export interface ParameterBinding {
  /** The property of the tool's arguments. */
  property: string;
  /** The parameter's name on the wire. */
  name: string;
  in: ParameterLocation;
  /** OpenAPI style: simple, form, spaceDelimited, pipeDelimited, deepObject, label, matrix. */
  style: string;
  explode: boolean;
  /** Serialised as JSON (a parameter described by `content` rather than `schema`). */
  json?: boolean;
  /** Swagger 2.0 tab-separated arrays, which no OpenAPI 3 style expresses. */
  delimiter?: string;
}

/** How the request body is built from the arguments. */
export interface BodyBinding {
  contentType: string;
  /** `property`: one argument is the whole body; `spread`: several arguments are its fields. */
  mode: 'property' | 'spread';
  /** For `property` mode. */
  property?: string;
  /** For `spread` mode: argument property → body field. */
  fields?: Record<string, string>;
}

/** One way to authenticate: every named scheme applies (an OpenAPI security requirement). */
export type SecurityRequirement = readonly string[];

/** An operation ready to call: everything the executor needs, nothing the model sees. */
export interface CompiledOperation {
  toolName: string;
  method: string;
  /** Path template, `/pets/{petId}`. */
  path: string;
  /** Base URL from the spec's servers (variables applied), unless the source overrides it. */
  serverUrl?: string;
  parameters: ParameterBinding[];
  body?: BodyBinding;
  /** Alternatives; empty means no auth. */
  security: SecurityRequirement[];
  /** Retried on retryable failures even if the method is not idempotent. */
  retryable: boolean;
}
