import { pathToFileURL } from 'node:url';
import { createArsenal } from '@arsenal/core';
import { createAnthropicTranscoder } from '@arsenal/transcoder-anthropic';
import { createOpenAITranscoder } from '@arsenal/transcoder-openai';
import { createAnthropicModel, createOpenAIModel, createScriptedModel } from './models.js';
import { TOOLS } from './tools.js';

/** An Arsenal holding the example's tools, able to speak OpenAI and Anthropic. */
export async function createExampleArsenal() {
  const arsenal = createArsenal({
    transcoders: [createOpenAITranscoder(), createAnthropicTranscoder()],
  });
  await arsenal.register(TOOLS);
  return arsenal;
}

/**
 * One question, answered with tools: Arsenal retrieves the few tools that fit, the model asks
 * for calls, Arsenal runs them (decoding the arguments from the model's dialect), the results
 * go back, and the model answers. Returns the answer and the whole transcript.
 */
export async function runAgent({ arsenal, model, question, maxTurns = 4, log = () => {} }) {
  const tools = await arsenal.retrieveTools(question, {
    dialect: model.dialect,
    encode: model.encode,
    limit: 3,
  });
  log(`tools offered: ${tools.map((tool) => tool.function?.name ?? tool.name).join(', ')}`);
  const transcript = [{ role: 'user', text: question }];
  for (let turn = 0; turn < maxTurns; turn++) {
    const reply = await model.next(transcript, tools);
    transcript.push({ role: 'assistant', text: reply.text, toolCalls: reply.toolCalls });
    if (!reply.toolCalls || reply.toolCalls.length === 0) {
      return { answer: reply.text ?? '', transcript };
    }
    for (const call of reply.toolCalls) {
      log(`model calls ${call.name} ${JSON.stringify(call.arguments)}`);
      const result = await arsenal.execute({
        tool: call.name,
        arguments: call.arguments,
        dialect: model.dialect,
        query: question,
      });
      log(`arsenal: ${result.status}`);
      const content = JSON.stringify(
        result.status === 'success' ? result.result : { error: result.error },
      );
      transcript.push({ role: 'tool', id: call.id, name: call.name, content });
    }
  }
  return { answer: '(no answer within the turn limit)', transcript };
}

/** The model the environment asks for: OpenAI or Anthropic with a key, else the scripted one. */
export function modelFromEnvironment(env = process.env) {
  if (env.OPENAI_API_KEY) {
    return createOpenAIModel({
      apiKey: env.OPENAI_API_KEY,
      ...(env.OPENAI_MODEL ? { model: env.OPENAI_MODEL } : {}),
      ...(env.OPENAI_BASE_URL ? { baseUrl: env.OPENAI_BASE_URL } : {}),
    });
  }
  if (env.ANTHROPIC_API_KEY) {
    return createAnthropicModel({
      apiKey: env.ANTHROPIC_API_KEY,
      ...(env.ANTHROPIC_MODEL ? { model: env.ANTHROPIC_MODEL } : {}),
      ...(env.ANTHROPIC_BASE_URL ? { baseUrl: env.ANTHROPIC_BASE_URL } : {}),
    });
  }
  return createScriptedModel();
}

async function main() {
  const question = process.argv[2] ?? 'What is the weather like in Lisbon today?';
  const model = modelFromEnvironment();
  const arsenal = await createExampleArsenal();
  try {
    console.log(`model: ${model.name}`);
    console.log(`user: ${question}`);
    const { answer } = await runAgent({
      arsenal,
      model,
      question,
      log: (line) => console.log(`  ${line}`),
    });
    console.log(`model: ${answer}`);
  } finally {
    await arsenal.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    console.error(`agent-loop: ${error.message}`);
    process.exitCode = 1;
  });
}
