/** A Petstore-like API with its own OpenAPI 3.0 spec, a token endpoint and hostile endpoints. */
export function petstoreSpec(baseUrl: string): Record<string, unknown> {
  const petRef = { $ref: '#/components/schemas/Pet' };
  return {
    openapi: '3.0.3',
    info: { title: 'Petstore', version: '1.0.0' },
    servers: [
      {
        url: '{scheme}://{host}/v1',
        variables: { scheme: { default: 'http' }, host: { default: new URL(baseUrl).host } },
      },
    ],
    components: {
      securitySchemes: {
        headerKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        queryKey: { type: 'apiKey', in: 'query', name: 'api_key' },
        cookieKey: { type: 'apiKey', in: 'cookie', name: 'session' },
        basicAuth: { type: 'http', scheme: 'basic' },
        bearerAuth: { type: 'http', scheme: 'bearer' },
        oauth: {
          type: 'oauth2',
          flows: {
            clientCredentials: {
              tokenUrl: `${baseUrl}/oauth/token`,
              scopes: { 'pets:read': 'read pets' },
            },
          },
        },
      },
      schemas: {
        NewPet: {
          type: 'object',
          required: ['name'],
          properties: { name: { type: 'string' }, tag: { type: 'string', nullable: true } },
        },
        Pet: {
          allOf: [
            { $ref: '#/components/schemas/NewPet' },
            {
              type: 'object',
              properties: { id: { type: 'integer' }, children: { type: 'array', items: petRef } },
            },
          ],
        },
      },
    },
    paths: {
      '/pets': {
        get: {
          operationId: 'listPets',
          summary: 'List all pets',
          tags: ['pets'],
          security: [{ headerKey: [] }],
          parameters: [
            { name: 'tags', in: 'query', schema: { type: 'array', items: { type: 'string' } } },
            { name: 'limit', in: 'query', schema: { type: 'integer', maximum: 100 } },
            {
              name: 'filter',
              in: 'query',
              style: 'deepObject',
              explode: true,
              schema: { type: 'object' },
            },
          ],
        },
        post: {
          operationId: 'createPet',
          summary: 'Create a pet',
          tags: ['pets'],
          security: [{ bearerAuth: [] }],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/NewPet' } } },
          },
        },
      },
      '/pets/{petId}': {
        parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }],
        get: {
          operationId: 'getPet',
          summary: 'Get one pet by id',
          tags: ['pets'],
          security: [{ oauth: ['pets:read'] }],
        },
        put: {
          operationId: 'replacePet',
          summary: 'Replace a pet with its full description',
          tags: ['pets'],
          security: [{ bearerAuth: [] }],
          requestBody: { content: { 'application/json': { schema: petRef } } },
        },
      },
      '/pets/{petId}/notes': {
        post: {
          operationId: 'addNote',
          summary: 'Add a note to a pet',
          security: [{ queryKey: [] }],
          parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }],
          requestBody: {
            content: {
              'application/x-www-form-urlencoded': {
                schema: {
                  type: 'object',
                  properties: {
                    note: { type: 'string' },
                    tags: { type: 'array', items: { type: 'string' } },
                  },
                },
              },
            },
          },
        },
      },
      '/pets/{petId}/photo': {
        parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }],
        get: {
          operationId: 'getPhoto',
          summary: 'Download the photo of a pet',
          security: [{ cookieKey: [] }],
        },
        post: {
          operationId: 'uploadPhoto',
          summary: 'Upload a photo of a pet',
          security: [{ basicAuth: [] }],
          requestBody: {
            content: {
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  properties: { caption: { type: 'string' }, file: { type: 'object' } },
                },
              },
            },
          },
        },
      },
      '/echo': {
        get: {
          operationId: 'echo',
          summary: 'Echo the request back as JSON',
          parameters: [
            { name: 'X-Trace', in: 'header', schema: { type: 'string' } },
            { name: 'pref', in: 'cookie', schema: { type: 'string' } },
            {
              name: 'ids',
              in: 'query',
              explode: false,
              schema: { type: 'array', items: { type: 'integer' } },
            },
            {
              name: 'words',
              in: 'query',
              style: 'pipeDelimited',
              explode: false,
              schema: { type: 'array', items: { type: 'string' } },
            },
            { name: 'trace', in: 'query', schema: { type: 'string' } },
          ],
        },
      },
      '/text': { get: { operationId: 'getText', summary: 'A plain text answer' } },
      '/flaky': { get: { operationId: 'flaky', summary: 'Fails twice with 503, then answers' } },
      '/flaky-post': {
        post: { operationId: 'flakyPost', summary: 'Always fails with 503 (a POST)' },
      },
      '/flaky-post-retryable': {
        post: {
          operationId: 'flakyPostRetryable',
          summary: 'Fails once with 503 (a retryable POST)',
          'x-arsenal-retryable': true,
        },
      },
      '/slow': { get: { operationId: 'slow', summary: 'Answers after a long time' } },
      '/loop': { get: { operationId: 'loop', summary: 'Redirects to itself forever' } },
      '/huge': { get: { operationId: 'huge', summary: 'Answers five megabytes' } },
      '/to-private': {
        get: { operationId: 'toPrivate', summary: 'Redirects to a private address' },
      },
      '/leak': {
        get: {
          operationId: 'leak',
          summary: 'Echoes credentials back in an error',
          security: [{ bearerAuth: [] }],
        },
      },
    },
  };
}
