import type { ToolDefinitionInput } from '@arsenal/core';
import { seededRandom } from '@arsenal/core/adapter';

// A catalog of any size built from a real catalog's own words: every real tool as it is, then
// tools recombined from them (a name from the words of two tools' names, a description whose
// words are partly swapped for words drawn from all descriptions, as often as the catalog uses
// them, and parameters taken from both). Real requests over it touch postings as long as a
// catalog of that size written in the same vocabulary would have.

interface Schema {
  type?: string;
  properties?: Record<string, unknown>;
  required?: string[];
}

const schemaOf = (tool: ToolDefinitionInput): Schema =>
  ((tool.parametersSchema ?? tool.parameters) as Schema | undefined) ?? {};

export function vocabularyCatalog(
  real: readonly ToolDefinitionInput[],
  size: number,
  seed = 11,
): ToolDefinitionInput[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const descriptionWords = real.flatMap((tool) => String(tool.description ?? '').split(/\s+/));
  const tools: ToolDefinitionInput[] = real.slice(0, size).map((tool) => ({ ...tool }));
  for (let i = tools.length; tools.length < size; i++) {
    const first = pick(real);
    const second = pick(real);
    const firstName = String(first.name).split('_');
    const secondName = String(second.name).split('_');
    const name = [
      ...firstName.slice(0, Math.ceil(firstName.length / 2)),
      ...secondName.slice(Math.floor(secondName.length / 2)),
      String(i),
    ].join('_');
    const original = String(first.description ?? '');
    const mixed = original
      .split(/\s+/)
      .map((word) => (random() < 0.3 ? pick(descriptionWords) : word))
      .join(' ');
    // A swap can shorten a description below what registration accepts; keep the original then.
    const description = mixed.length >= 10 ? mixed : original;
    const a = schemaOf(first);
    const b = schemaOf(second);
    const properties: Record<string, unknown> = {};
    const fromA = Object.entries(a.properties ?? {});
    const fromB = Object.entries(b.properties ?? {});
    for (const [key, value] of fromA.slice(0, Math.ceil(fromA.length / 2))) properties[key] = value;
    for (const [key, value] of fromB.slice(Math.floor(fromB.length / 2))) properties[key] = value;
    tools.push({
      name,
      description,
      parameters: {
        type: 'object',
        properties,
        required: (a.required ?? []).filter((key) => key in properties),
      } as ToolDefinitionInput['parameters'],
    });
  }
  return tools;
}
