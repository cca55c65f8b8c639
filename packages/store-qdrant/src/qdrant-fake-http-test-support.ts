import type { IncomingMessage } from 'node:http';

/** A failure the fake answers with this HTTP status and Qdrant's error body. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The request body as JSON (`{}` when empty); malformed JSON is a 400, as in Qdrant. */
export async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of request) text += chunk;
  if (text === '') return {};
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch (error) {
    throw new HttpError(400, `Format error in JSON body: ${(error as Error).message}`);
  }
}
