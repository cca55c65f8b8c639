import type { JsonSchema } from '@arsenal/core';
import { refLabel } from '@arsenal/core/adapter';
import { typeList } from './gemini-schema-vocabulary.js';
import type { GeminiSchema } from './gemini-tool.js';

/**
 * What stands in for a recursive `$ref` past the depth cap: an object (or array of objects)
 * whose description says the structure repeats, so the model may still send nested data.
 */
export function recursionPlaceholder(
  target: JsonSchema | boolean,
  siblings: JsonSchema,
  ref: string,
  maxDepth: number,
): GeminiSchema {
  const body = typeof target === 'boolean' ? {} : target;
  const types = typeList(body.type, '');
  const label = refLabel(ref);
  const explanation = `Same structure as ${label}; nesting deeper than ${maxDepth} levels is not described here.`;
  const lead = typeof siblings.description === 'string' ? siblings.description : body.description;
  const placeholder: GeminiSchema = {
    type: types.includes('array') ? 'ARRAY' : 'OBJECT',
    description: typeof lead === 'string' ? `${lead} ${explanation}` : explanation,
  };
  if (placeholder.type === 'ARRAY') placeholder.items = { type: 'OBJECT' };
  if (types.includes('null') || siblings.nullable === true || body.nullable === true) {
    placeholder.nullable = true;
  }
  return placeholder;
}
