import { z } from 'zod';
import { networkFields } from './http-sources-schema.js';

/** `utcp.<name>` in arsenal.yaml: a UTCP manual whose tools become Arsenal tools. */
export const utcpSourceSchema = z.strictObject({
  /** A file path (relative to the config file) or an http(s) URL answering with the manual. */
  manual: z.string().min(1),
  /** The manual's variables (`API_KEY`, or namespaced `<name>_API_KEY`). */
  variables: z.record(z.string(), z.string()).optional(),
  /** Environment variables the manual may read by their bare name. */
  allowEnv: z.array(z.string()).optional(),
  /** Call types its tools may use; remote manuals default to HTTP ones only. */
  allowedProtocols: z
    .array(z.enum(['http', 'sse', 'streamable_http', 'cli', 'mcp', 'text']))
    .optional(),
  /** Run its CLI tools in bubblewrap. */
  sandbox: z.boolean().optional(),
  ...networkFields,
});

export type UtcpSourceConfig = z.infer<typeof utcpSourceSchema>;
