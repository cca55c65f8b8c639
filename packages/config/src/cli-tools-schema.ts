import { z } from 'zod';

const argvSlotSchema = z.union([z.string(), z.array(z.string()).min(1)]);

/** One command-line program exposed as a tool (`cli:` in arsenal.yaml). */
export const cliToolSchema = z.strictObject({
  name: z.string().min(1),
  description: z.string().min(1),
  command: z.string().min(1),
  args: z.array(argvSlotSchema).optional(),
  input: z.record(z.string(), z.unknown()).optional(),
  stdin: z.string().optional(),
  cwd: z.string().optional(),
  envAllow: z.array(z.string()).optional(),
  env: z.record(z.string(), z.string()).optional(),
  timeoutMs: z.number().int().positive().optional(),
  killGraceMs: z.number().int().positive().optional(),
  maxOutputBytes: z.number().int().positive().optional(),
  parseJson: z.boolean().optional(),
  successExitCodes: z.array(z.number().int()).optional(),
  allowLeadingDash: z.array(z.string()).optional(),
  sandbox: z
    .union([
      z.boolean(),
      z.strictObject({
        network: z.boolean().optional(),
        writable: z.array(z.string()).optional(),
      }),
    ])
    .optional(),
  annotations: z.record(z.string(), z.unknown()).optional(),
  tags: z.array(z.string()).optional(),
});

export const cliToolsSchema = z.array(cliToolSchema);
export type CliToolConfig = z.infer<typeof cliToolSchema>;
