import { z } from 'zod';

const argvSlotSchema = z.union([z.string(), z.array(z.string()).min(1)]);

/** The highest id a user or group can have (4294967295 is "no id" to the kernel). */
const MAX_ID = 4_294_967_294;

/** A user or group id the sandbox may run as: never 0, the root user or group. */
function unprivilegedId(kind: 'uid' | 'gid') {
  const who = kind === 'uid' ? 'user' : 'group';
  return z
    .number({ error: `must be a numeric ${who} id, such as 65534 (nobody)` })
    .int({ error: `must be a whole number: a numeric ${who} id, such as 65534 (nobody)` })
    .min(1, {
      error: (issue) =>
        issue.input === 0
          ? `is 0, the root ${who}: a sandbox never runs as root, since root inside it could read every root-only file it sees and undo its limits. Give an unprivileged ${who} id, such as 65534 (nobody)`
          : `must be a positive ${who} id, such as 65534 (nobody)`,
    })
    .max(MAX_ID, { error: `must be at most ${MAX_ID}` });
}

/** Folders bound into the sandbox: relative ones are resolved from the config file's folder. */
const sandboxFoldersSchema = z.array(
  z.string().min(1, { error: 'must be a folder path, not empty' }),
);

/** The bubblewrap sandbox of a `cli:` tool. */
export const cliSandboxSchema = z.strictObject({
  /** Let the program reach the network. Default false. */
  network: z.boolean().optional(),
  /** Folders the program may write to. */
  writable: sandboxFoldersSchema.optional(),
  /** Folders the program may read (data, an interpreter's libraries). */
  readable: sandboxFoldersSchema.optional(),
  /** The user and group it runs as; default `nobody` when Arsenal runs as root, else Arsenal's. */
  runAs: z.strictObject({ uid: unprivilegedId('uid'), gid: unprivilegedId('gid') }).optional(),
});

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
  sandbox: z.union([z.boolean(), cliSandboxSchema]).optional(),
  annotations: z.record(z.string(), z.unknown()).optional(),
  tags: z.array(z.string()).optional(),
});

export const cliToolsSchema = z.array(cliToolSchema);
export type CliToolConfig = z.infer<typeof cliToolSchema>;
