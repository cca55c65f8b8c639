import { defineTool } from '@arsenal/core';

const RATES_TO_EUR = { EUR: 1, USD: 0.92, GBP: 1.17, JPY: 0.0061 };

/** Tools with in-process handlers: what the model can ask Arsenal to run. */
export const TOOLS = [
  defineTool({
    name: 'get_weather',
    description: 'Current weather and a short forecast for a city.',
    input: {
      type: 'object',
      properties: {
        city: { type: 'string', description: 'City name, e.g. Paris' },
        units: { type: 'string', enum: ['metric', 'imperial'], description: 'Default metric' },
      },
      required: ['city'],
    },
    handler: ({ city, units }) => ({
      city,
      temperature: units === 'imperial' ? 70 : 21,
      units: units ?? 'metric',
      sky: 'sunny',
    }),
  }),
  defineTool({
    name: 'convert_currency',
    description: 'Convert an amount of money from one currency to another (EUR, USD, GBP, JPY).',
    input: {
      type: 'object',
      properties: {
        amount: { type: 'number' },
        from: { type: 'string', enum: Object.keys(RATES_TO_EUR) },
        to: { type: 'string', enum: Object.keys(RATES_TO_EUR) },
      },
      required: ['amount', 'from', 'to'],
    },
    handler: ({ amount, from, to }) => ({
      amount,
      from,
      to,
      converted: Math.round(((amount * RATES_TO_EUR[from]) / RATES_TO_EUR[to]) * 100) / 100,
    }),
  }),
  defineTool({
    name: 'send_email',
    description: 'Send an email to one recipient with a subject and a body.',
    input: {
      type: 'object',
      properties: {
        to: { type: 'string', format: 'email' },
        subject: { type: 'string' },
        body: { type: 'string' },
        cc: { type: 'string', format: 'email' },
      },
      required: ['to', 'subject', 'body'],
    },
    handler: ({ to }) => ({ sent: true, to }),
  }),
];
