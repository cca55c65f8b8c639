import type { JsonSchema, ToolDefinitionInput } from '@arsenal/core';

/**
 * A tool every function-calling API can describe, and arguments to probe its parameters with.
 * Whether each sample is valid is not written down: the suite asks the original schema, then
 * checks the decoded schema gives the same verdict.
 */
export interface RoundTripFixture {
  tool: ToolDefinitionInput;
  samples: readonly Record<string, unknown>[];
}

const point: JsonSchema = {
  type: 'object',
  properties: { lat: { type: 'number' }, lon: { type: 'number' } },
  required: ['lat', 'lon'],
};

const forecast = {
  city: 'Paris',
  days: 3,
  units: 'metric',
  alerts: true,
  tags: ['outdoor'],
  origin: { lat: 48.85, lon: 2.35 },
};

const { city: _city, ...forecastWithoutCity } = forecast;

/** Strings, an integer range, an enum, a boolean, an array and a nested object, all required. */
export const SIMPLE_ROUND_TRIP: RoundTripFixture = {
  tool: {
    name: 'get_forecast',
    description: 'Gets the weather forecast for a city over the next few days.',
    parametersSchema: {
      type: 'object',
      properties: {
        city: { type: 'string', description: 'City name' },
        days: { type: 'integer', minimum: 1, maximum: 14 },
        units: { type: 'string', enum: ['metric', 'imperial'] },
        alerts: { type: 'boolean' },
        tags: { type: 'array', items: { type: 'string' } },
        origin: point,
      },
      required: ['city', 'days', 'units', 'alerts', 'tags', 'origin'],
    },
  },
  samples: [
    forecast,
    { ...forecast, tags: [] },
    forecastWithoutCity,
    { ...forecast, days: '3' },
    { ...forecast, days: 2.5 },
    { ...forecast, days: 30 },
    { ...forecast, units: 'kelvin' },
    { ...forecast, alerts: 'yes' },
    { ...forecast, tags: [1] },
    { ...forecast, origin: { lat: 48.85 } },
    { ...forecast, origin: { lat: '48.85', lon: 2.35 } },
  ],
};

/** Optional properties, including an optional nested object with a required member. */
export const OPTIONAL_ROUND_TRIP: RoundTripFixture = {
  tool: {
    name: 'search_orders',
    description: 'Searches orders by customer, with optional status and date filters.',
    parametersSchema: {
      type: 'object',
      properties: {
        customer: { type: 'string' },
        status: { type: 'string', enum: ['open', 'shipped', 'cancelled'] },
        limit: { type: 'integer', minimum: 1 },
        near: point,
      },
      required: ['customer'],
    },
  },
  samples: [
    { customer: 'c-1' },
    { customer: 'c-1', status: 'open', limit: 10 },
    { customer: 'c-1', near: { lat: 1, lon: 2 } },
    {},
    { status: 'open' },
    { customer: 'c-1', status: 'lost' },
    { customer: 'c-1', limit: 0 },
    { customer: 'c-1', near: { lat: 1 } },
  ],
};

/** A free-form map from names to strings, as headers, labels and metadata are sent. */
export const MAP_ROUND_TRIP: RoundTripFixture = {
  tool: {
    name: 'send_request',
    description: 'Sends an HTTP request with the given headers to a URL.',
    parametersSchema: {
      type: 'object',
      properties: {
        url: { type: 'string' },
        headers: { type: 'object', additionalProperties: { type: 'string' } },
      },
      required: ['url', 'headers'],
    },
  },
  samples: [
    { url: 'https://example.com', headers: {} },
    { url: 'https://example.com', headers: { accept: 'text/plain', 'x-trace': 'abc' } },
    { url: 'https://example.com', headers: { retries: 3 } },
    { url: 'https://example.com', headers: { nested: { deep: 'x' } } },
    { url: 'https://example.com', headers: 'accept: text/plain' },
  ],
};

/** Vendor spellings that are not Arsenal's snake_case, or are names the registry reserves. */
export const VENDOR_TOOL_NAMES: readonly string[] = [
  'getWeather',
  'GetWeather',
  'get-weather-v2',
  'HTTPRequest',
  'search_Docs',
  'list',
];
