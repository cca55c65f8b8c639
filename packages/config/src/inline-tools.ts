import {
  type Arsenal,
  ArsenalError,
  ConfigurationError,
  createToolDefinition,
  type FunctionTool,
  type RegistrationSummary,
  type ToolCallContext,
  type ToolDefinitionInput,
  type ToolRegistration,
} from '@arsenal/core';

/** Runs an inline tool of `arsenal.yaml`: receives the validated arguments. */
export type InlineToolHandler = (
  args: Record<string, unknown>,
  context: ToolCallContext,
) => unknown;

/**
 * Register the `tools.inline` entries, each bound to its handler. An entry nothing can run is
 * refused here, at load, rather than found out when a model calls it.
 */
export async function registerInlineTools(
  arsenal: Arsenal,
  inline: readonly ToolDefinitionInput[],
  handlers: Readonly<Record<string, InlineToolHandler>>,
): Promise<RegistrationSummary> {
  const unrunnable = inline
    .map((tool, index) => ({ name: String(tool.name), index }))
    .filter(({ name }) => typeof handlers[name] !== 'function');
  if (unrunnable.length > 0) {
    const names = unrunnable.map(({ name, index }) => `tools.inline.${index} "${name}"`);
    const first = unrunnable[0]?.name ?? 'my_tool';
    throw new ConfigurationError(
      `${names.join(', ')}: no way to run ${unrunnable.length === 1 ? 'it' : 'them'}. Give ${
        unrunnable.length === 1 ? 'it' : 'each'
      } one: serve the tool from an MCP server under mcpServers; or run it in code with createArsenalFromConfig(config, { handlers: { ${first}: (args) => ... } }); or, if it is only meant to be found and never called, move it to a catalog file under tools.catalogs.`,
    );
  }
  const registrations: ToolRegistration[] = [];
  const failed: RegistrationSummary['failed'] = [];
  inline.forEach((input, index) => {
    try {
      const definition = createToolDefinition({ ...input, source: 'function' });
      const tool: FunctionTool<never, unknown> = {
        kind: 'function',
        definition,
        handler: handlers[definition.name] as FunctionTool<never, unknown>['handler'],
      };
      registrations.push(tool);
    } catch (error) {
      failed.push({
        index,
        name: String(input.name),
        error: ArsenalError.isInstance(error)
          ? error
          : new ConfigurationError(`tools.inline.${index}: ${(error as Error).message}`, {
              cause: error,
            }),
      });
    }
  });
  const summary = await arsenal.register(registrations, { origin: 'imported' });
  return { ...summary, failed: [...failed, ...summary.failed] };
}
