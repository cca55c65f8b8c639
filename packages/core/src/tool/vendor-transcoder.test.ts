import { describe, expect, it } from 'vitest';
import type { EncodeOptions } from '../ports/transcoder.js';
import { createToolDefinition } from './create-tool-definition.js';
import type { ToolDefinition, ToolDefinitionInput, ToolSourceKind } from './tool-definition.js';
import { type VendorCodec, VendorTranscoder } from './vendor-transcoder.js';

interface AcmeTool {
  id: string;
  options: AcmeEncodeOptions;
}
interface AcmeEncodeOptions extends EncodeOptions {
  loud?: boolean;
  prefix?: string;
}

const decoded: Array<{ vendorTool: unknown; source: ToolSourceKind }> = [];
const codec: VendorCodec<AcmeTool, AcmeEncodeOptions> = {
  dialect: 'acme',
  source: 'acme',
  encode: (tool: ToolDefinition, options: AcmeEncodeOptions) => ({ id: tool.name, options }),
  decode(vendorTool: unknown, source: ToolSourceKind): ToolDefinitionInput {
    decoded.push({ vendorTool, source });
    return { name: 'decoded', description: 'A decoded tool.', source };
  },
};

const tool = createToolDefinition({ name: 'get_weather', description: 'Gets the weather.' });

describe('VendorTranscoder', () => {
  it('takes its dialect from the codec', () => {
    expect(new VendorTranscoder(codec, {}).dialect).toBe('acme');
  });

  it('encodes with the construction options, overridden per call', () => {
    const transcoder = new VendorTranscoder(codec, { loud: true, prefix: 'a' });
    expect(transcoder.encode(tool).options).toEqual({ loud: true, prefix: 'a' });
    expect(transcoder.encode(tool, { prefix: 'b' }).options).toEqual({ loud: true, prefix: 'b' });
  });

  it('does not see later changes to the options it was given', () => {
    const options: AcmeEncodeOptions = { loud: true };
    const transcoder = new VendorTranscoder(codec, options);
    options.loud = false;
    expect(transcoder.encode(tool).options.loud).toBe(true);
  });

  it("decodes with the configured source, else the codec's", () => {
    decoded.length = 0;
    new VendorTranscoder(codec, {}).decode({ id: 'x', options: {} });
    new VendorTranscoder(codec, { source: 'custom' }).decode({ id: 'y', options: {} });
    expect(decoded.map((call) => call.source)).toEqual(['acme', 'custom']);
    expect(decoded[0]?.vendorTool).toEqual({ id: 'x', options: {} });
  });
});
