import { type Arsenal, createArsenal, defineTool } from '@arsenal/core';
import { conformanceClientFixtures } from './conformance-client-fixtures.js';

// The tools the conformance server scenarios call by name, with the answers they expect
// (@modelcontextprotocol/conformance 0.1.13, the tools-call-* scenarios).
// Function tools that return a CallToolResult have it passed through unchanged.

/** A 1x1 red PNG. */
const RED_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
/** A WAV header with no samples: the smallest valid audio/wav. */
const EMPTY_WAV = Buffer.from(
  'RIFF$\u0000\u0000\u0000WAVEfmt \u0010\u0000\u0000\u0000\u0001\u0000\u0001\u0000@\u001f\u0000\u0000@\u001f\u0000\u0000\u0001\u0000\u0008\u0000data\u0000\u0000\u0000\u0000',
  'latin1',
).toString('base64');

const NO_ARGUMENTS = { type: 'object', properties: {} } as const;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/** An Arsenal serving the conformance fixture tools (namespace `conformance`). */
export async function createConformanceArsenal(): Promise<Arsenal> {
  const arsenal = createArsenal();
  const summary = await arsenal.register([
    defineTool({
      name: 'test_simple_text',
      namespace: 'conformance',
      description: 'Conformance fixture: answers one text block.',
      input: NO_ARGUMENTS,
      handler: () => ({
        content: [{ type: 'text', text: 'This is a simple text response for testing.' }],
      }),
    }),
    defineTool({
      name: 'test_image_content',
      namespace: 'conformance',
      description: 'Conformance fixture: answers one PNG image block.',
      input: NO_ARGUMENTS,
      handler: () => ({ content: [{ type: 'image', data: RED_PIXEL_PNG, mimeType: 'image/png' }] }),
    }),
    defineTool({
      name: 'test_audio_content',
      namespace: 'conformance',
      description: 'Conformance fixture: answers one WAV audio block.',
      input: NO_ARGUMENTS,
      handler: () => ({ content: [{ type: 'audio', data: EMPTY_WAV, mimeType: 'audio/wav' }] }),
    }),
    defineTool({
      name: 'test_embedded_resource',
      namespace: 'conformance',
      description: 'Conformance fixture: answers one embedded text resource.',
      input: NO_ARGUMENTS,
      handler: () => ({
        content: [
          {
            type: 'resource',
            resource: {
              uri: 'test://embedded-resource',
              mimeType: 'text/plain',
              text: 'This is an embedded resource content.',
            },
          },
        ],
      }),
    }),
    defineTool({
      name: 'test_multiple_content_types',
      namespace: 'conformance',
      description: 'Conformance fixture: answers text, image and resource blocks together.',
      input: NO_ARGUMENTS,
      handler: () => ({
        content: [
          { type: 'text', text: 'Multiple content types test:' },
          { type: 'image', data: RED_PIXEL_PNG, mimeType: 'image/png' },
          {
            type: 'resource',
            resource: {
              uri: 'test://mixed-content-resource',
              mimeType: 'application/json',
              text: '{"test":"data","value":123}',
            },
          },
        ],
      }),
    }),
    defineTool({
      name: 'test_error_handling',
      namespace: 'conformance',
      description: 'Conformance fixture: always fails, to check error results.',
      input: NO_ARGUMENTS,
      handler: () => {
        throw new Error('This tool intentionally returns an error for testing');
      },
    }),
    defineTool({
      name: 'test_tool_with_progress',
      namespace: 'conformance',
      description: 'Conformance fixture: reports progress 0, 50 and 100 of 100, 50 ms apart.',
      input: NO_ARGUMENTS,
      handler: async (_args, context) => {
        context.reportProgress({ progress: 0, total: 100 });
        await sleep(50, context.signal);
        context.reportProgress({ progress: 0.5, total: 100 });
        await sleep(50, context.signal);
        context.reportProgress({ progress: 1, total: 100 });
        return { content: [{ type: 'text', text: 'Progress test completed.' }] };
      },
    }),
    defineTool({
      name: 'test_tool_with_logging',
      namespace: 'conformance',
      description: 'Conformance fixture: logs three info messages, 50 ms apart.',
      input: NO_ARGUMENTS,
      handler: async (_args, context) => {
        context.log?.({ level: 'info', message: 'Tool execution started' });
        await sleep(50, context.signal);
        context.log?.({ level: 'info', message: 'Tool processing data' });
        await sleep(50, context.signal);
        context.log?.({ level: 'info', message: 'Tool execution completed' });
        return { content: [{ type: 'text', text: 'Logging test completed.' }] };
      },
    }),
    defineTool({
      name: 'test_reconnection',
      namespace: 'conformance',
      description: 'Conformance fixture: answers after a short wait, over a resumable SSE stream.',
      input: NO_ARGUMENTS,
      handler: async (_args, context) => {
        await sleep(50, context.signal);
        return { content: [{ type: 'text', text: 'Reconnection test completed.' }] };
      },
    }),
    defineTool({
      name: 'json_schema_2020_12_tool',
      namespace: 'conformance',
      description: 'Tool with JSON Schema 2020-12 features',
      input: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        $defs: {
          address: {
            type: 'object',
            properties: { street: { type: 'string' }, city: { type: 'string' } },
          },
        },
        properties: { name: { type: 'string' }, address: { $ref: '#/$defs/address' } },
        additionalProperties: false,
      },
      handler: (args) => ({ content: [{ type: 'text', text: JSON.stringify(args) }] }),
    }),
    ...conformanceClientFixtures,
  ]);
  if (summary.failed.length > 0) throw summary.failed[0]?.error;
  return arsenal;
}
