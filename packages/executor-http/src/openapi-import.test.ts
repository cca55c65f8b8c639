import { describe, expect, it } from 'vitest';
import { importOpenApiDocument } from './openapi-import.js';
import { parseSpecText } from './spec-loader.js';

const options = { sourceId: 'api', namespace: 'api' };

describe('importOpenApiDocument (OpenAPI 3.x)', () => {
  const document = {
    openapi: '3.1.0',
    info: { title: 'Shop' },
    servers: [
      {
        url: 'https://{region}.shop.example/{version}',
        variables: { region: { default: 'eu' }, version: { default: 'v2' } },
      },
    ],
    components: {
      schemas: {
        Node: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
          },
        },
        Cat: { type: 'object', properties: { meows: { type: 'boolean' } } },
        Dog: { type: 'object', properties: { barks: { type: 'boolean' } } },
      },
      parameters: { Id: { name: 'id', in: 'path', required: true, schema: { type: 'string' } } },
    },
    paths: {
      '/items/{id}': {
        parameters: [{ $ref: '#/components/parameters/Id' }],
        get: {
          operationId: 'getItem',
          summary: 'Get an item by id',
          description: 'Returns one item.',
          tags: ['items'],
          deprecated: true,
          parameters: [
            { name: 'id', in: 'query', schema: { type: 'string' } },
            { name: 'id', in: 'header', schema: { type: 'string' } },
            { name: 'id', in: 'cookie', schema: { type: 'string' } },
          ],
        },
        put: {
          summary: 'Replace an item',
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['id', 'name'],
                  properties: { id: { type: 'string' }, name: { type: 'string', nullable: true } },
                },
              },
            },
          },
        },
      },
      '/trees': {
        post: {
          operationId: 'get-item',
          summary: 'Store a tree of nodes',
          requestBody: {
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } },
          },
        },
      },
      '/pets': {
        post: {
          operationId: 'addPet',
          summary: 'Add a cat or a dog',
          requestBody: {
            content: {
              'application/json': {
                schema: {
                  oneOf: [
                    { $ref: '#/components/schemas/Cat' },
                    { $ref: '#/components/schemas/Dog' },
                  ],
                },
              },
            },
          },
        },
      },
      '/broken': {
        get: {
          operationId: 'broken',
          summary: 'Uses a schema in another file',
          parameters: [{ name: 'x', in: 'query', schema: { $ref: 'other.yaml#/X' } }],
        },
        post: {
          operationId: 'alsoBroken',
          summary: 'Uses a dangling reference',
          requestBody: { $ref: '#/components/requestBodies/Missing' },
        },
      },
    },
  };
  const result = importOpenApiDocument(document, options);
  const byName = new Map(result.tools.map((tool) => [tool.name, tool]));
  const operation = (name: string) => result.operations.get(name);

  it('names tools from operationId (snake_case), else method and path, unique', () => {
    expect([...byName.keys()]).toEqual(['get_item', 'put_items_id', 'get_item_2', 'add_pet']);
    expect(byName.get('get_item_2')?.metadata.operationId).toBe('get-item');
  });

  it('merges path, query, header and cookie parameters, resolving name collisions by location', () => {
    const tool = byName.get('get_item');
    expect(Object.keys(tool?.parametersSchema.properties ?? {})).toEqual([
      'id',
      'id_query',
      'id_header',
      'id_cookie',
    ]);
    expect(tool?.parametersSchema.required).toEqual(['id']);
    expect(operation('get_item')?.parameters.map((p) => [p.property, p.in, p.name])).toEqual([
      ['id', 'path', 'id'],
      ['id_query', 'query', 'id'],
      ['id_header', 'header', 'id'],
      ['id_cookie', 'cookie', 'id'],
    ]);
  });

  it('spreads object bodies into the input, suffixing fields that collide with parameters', () => {
    const tool = byName.get('put_items_id');
    expect(tool?.parametersSchema.properties).toEqual({
      id: { type: 'string' },
      id_body: { type: 'string' },
      name: { type: ['string', 'null'] },
    });
    expect(tool?.parametersSchema.required).toEqual(['id', 'id_body', 'name']);
    expect(operation('put_items_id')?.body).toEqual({
      contentType: 'application/json',
      mode: 'spread',
      fields: { id_body: 'id', name: 'name' },
    });
  });

  it('cuts recursive references and keeps oneOf as a single body argument', () => {
    const tree = byName.get('get_item_2')?.parametersSchema.properties?.children;
    expect(tree?.items).toEqual({
      type: 'object',
      description: 'A Node (recursive: nested levels are not described further).',
    });
    const pet = byName.get('add_pet')?.parametersSchema.properties?.body;
    expect(pet?.oneOf).toHaveLength(2);
  });

  it('carries description, tags, deprecated and the server URL with its variables', () => {
    const tool = byName.get('get_item');
    expect(tool?.description).toBe('Get an item by id. Returns one item.');
    expect(tool?.tags).toEqual(['items']);
    expect(tool?.deprecated).toBe(true);
    expect(operation('get_item')?.serverUrl).toBe('https://eu.shop.example/v2');
    const custom = importOpenApiDocument(document, {
      ...options,
      serverVariables: { region: 'us' },
    });
    expect(custom.operations.get('get_item')?.serverUrl).toBe('https://us.shop.example/v2');
  });

  it('reports unmappable operations with path and reason, and imports the rest', () => {
    expect(result.skipped).toEqual([
      {
        method: 'GET',
        path: '/broken',
        operationId: 'broken',
        reason: expect.stringContaining('external $ref "other.yaml#/X"'),
      },
      {
        method: 'POST',
        path: '/broken',
        operationId: 'alsoBroken',
        reason: expect.stringContaining('points at nothing'),
      },
    ]);
  });
});

describe('importOpenApiDocument (Swagger 2.0)', () => {
  const document = parseSpecText(
    `
swagger: "2.0"
info: { title: Legacy, version: "1" }
host: legacy.example
basePath: /api
schemes: [http, https]
securityDefinitions:
  key: { type: apiKey, in: header, name: X-Key }
security: [{ key: [] }]
paths:
  /users:
    get:
      operationId: listUsers
      summary: List the users of the system
      parameters:
        - { name: ids, in: query, type: array, items: { type: integer }, collectionFormat: pipes }
        - { name: role, in: query, type: string, enum: [admin, user] }
    post:
      operationId: createUser
      summary: Create a user from a JSON body
      parameters:
        - { name: user, in: body, required: true, schema: { $ref: "#/definitions/User" } }
  /users/{id}/avatar:
    post:
      operationId: uploadAvatar
      summary: Upload the avatar of a user
      consumes: [multipart/form-data]
      parameters:
        - { name: id, in: path, required: true, type: string }
        - { name: image, in: formData, type: file, required: true }
definitions:
  User: { type: object, required: [name], properties: { name: { type: string }, manager: { $ref: "#/definitions/User" } } }
`,
    'legacy.yaml',
  );
  const result = importOpenApiDocument(document, options);
  const byName = new Map(result.tools.map((tool) => [tool.name, tool]));

  it('maps parameters, body and form data, and builds the base URL', () => {
    expect(result.skipped).toEqual([]);
    const list = result.operations.get('list_users');
    expect(list?.serverUrl).toBe('https://legacy.example/api');
    expect(list?.parameters[0]).toMatchObject({
      name: 'ids',
      style: 'pipeDelimited',
      explode: false,
    });
    expect(list?.security).toEqual([['key']]);
    expect(byName.get('list_users')?.parametersSchema.properties?.role).toEqual({
      type: 'string',
      enum: ['admin', 'user'],
    });
    expect(byName.get('create_user')?.parametersSchema.required).toEqual(['name']);
    expect(result.operations.get('upload_avatar')?.body).toMatchObject({
      contentType: 'multipart/form-data',
      mode: 'spread',
    });
    expect(byName.get('upload_avatar')?.parametersSchema.required).toEqual(['id', 'image']);
  });
});

describe('parseSpecText', () => {
  it('rejects documents that are not OpenAPI 3.0/3.1 or Swagger 2.0, saying which version it saw', () => {
    expect(() => parseSpecText('{"openapi":"4.0.0","paths":{}}', 'x.json')).toThrow(
      /openapi: 4\.0\.0; OpenAPI 3\.0, 3\.1 and Swagger 2\.0/,
    );
    expect(() => parseSpecText('a: [', 'x.yaml')).toThrow(/neither valid JSON nor valid YAML/);
  });
});

describe('tool names', () => {
  it('stay within 64 characters, shortened with a stable fingerprint', () => {
    const long = 'actions/get-fork-pr-contributor-approval-permissions-organization-extra';
    const document = {
      openapi: '3.0.0',
      info: { title: 'Long' },
      paths: {
        '/a': { get: { operationId: long, summary: 'An operation with a long id' } },
        '/b': { get: { operationId: `${long}-2`, summary: 'Another operation with a long id' } },
      },
    };
    const names = importOpenApiDocument(document, options).tools.map((tool) => tool.name);
    expect(names.every((name) => name.length <= 64)).toBe(true);
    expect(new Set(names).size).toBe(2);
    expect(names[0]).toMatch(
      /^actions_get_fork_pr_contributor_approval_permissions_\w+_[0-9a-f]{8}$/,
    );
    expect(importOpenApiDocument(document, options).tools[0]?.name).toBe(names[0]);
  });
});
