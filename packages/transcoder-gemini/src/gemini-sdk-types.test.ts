import { nastyTool } from '@arsenal/testkit';
import { type FunctionDeclaration, type Schema, type Tool, Type } from '@google/genai';
import { describe, expect, it } from 'vitest';
import {
  fromGeminiFunctionDeclaration,
  type GeminiFunctionDeclaration,
  type GeminiSchema,
  type GeminiType,
  toGeminiFunctionDeclaration,
  toGeminiTool,
} from './index.js';

// Checked by `tsc --noEmit` (the typecheck script). `@google/genai` types `type` as its string
// enum `Type`, which TypeScript will not accept plain strings for, even equal ones. So the check
// swaps exactly that field for the enum's values (`${Type}`) and compares everything else as is.
type WireSchema = Omit<Schema, 'type' | 'items' | 'properties' | 'anyOf'> & {
  type?: `${Type}`;
  items?: WireSchema;
  properties?: Record<string, WireSchema>;
  anyOf?: WireSchema[];
};
type WireDeclaration = Omit<FunctionDeclaration, 'parameters' | 'response'> & {
  parameters?: WireSchema;
  response?: WireSchema;
};
type WireTool = Omit<Tool, 'functionDeclarations'> & { functionDeclarations?: WireDeclaration[] };
type Assignable<From, To> = From extends To ? true : false;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

const schemaMatches: Assignable<GeminiSchema, WireSchema> = true;
const declarationMatches: Assignable<GeminiFunctionDeclaration, WireDeclaration> = true;
// Every SDK type name is one this package knows, and the other way round (TYPE_UNSPECIFIED aside).
const sdkDeclarationDecodes: Assignable<
  FunctionDeclaration,
  Parameters<typeof fromGeminiFunctionDeclaration>[0]
> = true;
const typeNamesMatch: Same<GeminiType, Exclude<`${Type}`, 'TYPE_UNSPECIFIED'>> = true;

describe('@google/genai types', () => {
  it('accepts encoded declarations where the SDK expects its own types', () => {
    const declaration: WireDeclaration = toGeminiFunctionDeclaration(nastyTool('nestedArrays'));
    const tool: WireTool = toGeminiTool([nastyTool('unions'), nastyTool('tree')]);
    expect(schemaMatches && declarationMatches && typeNamesMatch && sdkDeclarationDecodes).toBe(
      true,
    );
    expect(declaration.parameters?.type).toBe(Type.OBJECT);
    expect(tool.functionDeclarations).toHaveLength(2);
  });

  it('decodes declarations typed with the SDK', () => {
    const sdkDeclaration: FunctionDeclaration = {
      name: 'setThermostat',
      description: 'Sets the thermostat to a temperature.',
      parameters: {
        type: Type.OBJECT,
        properties: { celsius: { type: Type.NUMBER, minimum: 5, maximum: 30 } },
        required: ['celsius'],
      },
    };
    const decoded = fromGeminiFunctionDeclaration(sdkDeclaration);
    expect(decoded.name).toBe('set_thermostat');
    expect(decoded.parametersSchema?.properties?.celsius).toEqual({
      type: 'number',
      minimum: 5,
      maximum: 30,
    });
  });
});
