// A local server speaking the Gemini API: POST /v1beta/models/<model>:generateContent and
// :streamGenerateContent?alt=sse, checking x-goog-api-key and refusing function declarations whose
// parameters Gemini would refuse (400 INVALID_ARGUMENT), as the real API does.
import type { ServerResponse } from 'node:http';
import { schemaProblems } from '../support/provider-schema-rules.js';
import { DEFAULT_STEP_USAGE, startScriptedProvider, type FakeProvider, type ProviderStep } from './scripted-provider-server.js';

const STATUS_NAMES: Record<number, string> = { 400: 'INVALID_ARGUMENT', 401: 'UNAUTHENTICATED', 403: 'PERMISSION_DENIED', 404: 'NOT_FOUND', 429: 'RESOURCE_EXHAUSTED', 500: 'INTERNAL', 503: 'UNAVAILABLE' };

function errorBody(status: number, message: string): string {
  return JSON.stringify({ error: { code: status, message, status: STATUS_NAMES[status] ?? 'UNKNOWN' } });
}

function candidateResponse(step: ProviderStep, model: string) {
  const parts: Array<Record<string, unknown>> = [];
  if (step.text) parts.push({ text: step.text });
  for (const call of step.toolCalls ?? []) parts.push({ functionCall: { name: call.name, args: call.arguments } });
  const usage = step.usage ?? DEFAULT_STEP_USAGE;
  return {
    candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: usage.input, candidatesTokenCount: usage.output, totalTokenCount: usage.input + usage.output, cachedContentTokenCount: usage.cached },
    modelVersion: model,
  };
}

function declarationProblems(body: Record<string, unknown>): string[] {
  const tools = (body.tools ?? []) as Array<{ functionDeclarations?: Array<{ name: string; parameters?: unknown }> }>;
  return tools.flatMap((entry) => (entry.functionDeclarations ?? []).flatMap((declaration) => (declaration.parameters === undefined ? [] : schemaProblems('google', declaration.parameters).map((problem) => `${declaration.name}: ${problem}`))));
}

function writeStream(response: ServerResponse, step: ProviderStep, model: string): void {
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  const whole = candidateResponse(step, model);
  const parts = whole.candidates[0]!.content.parts;
  // One chunk per part, the usage and finish reason on the last one (as Gemini streams).
  parts.forEach((part, index) => {
    const last = index === parts.length - 1;
    const chunk = { candidates: [{ content: { role: 'model', parts: [part] }, index: 0, ...(last ? { finishReason: 'STOP' } : {}) }], ...(last ? { usageMetadata: whole.usageMetadata } : {}), modelVersion: model };
    response.write(`data: ${JSON.stringify(chunk)}\r\n\r\n`);
  });
  response.end();
}

export async function startFakeGemini(options: { apiKey: string }): Promise<FakeProvider> {
  return startScriptedProvider({
    route: (method, url) => {
      const match = /^\/v1beta\/models\/[^/:]+:(generateContent|streamGenerateContent)(\?alt=sse)?$/.exec(url);
      if (method !== 'POST' || !match) return undefined;
      return { streaming: match[1] === 'streamGenerateContent' };
    },
    refuse: (request) => {
      if (request.headers['x-goog-api-key'] !== options.apiKey) {
        return { status: 400, body: JSON.stringify({ error: { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT', details: [{ reason: 'API_KEY_INVALID' }] } }) };
      }
      const problems = declarationProblems(request.body);
      if (problems.length > 0) return { status: 400, body: errorBody(400, `Invalid JSON payload received. ${problems.join('; ')}`) };
      return undefined;
    },
    errorResponse: (status, message) => ({ body: errorBody(status, message) }),
    respond: (step, request, response) => {
      const model = /models\/([^/:]+)/.exec(request.url)?.[1] ?? 'gemini';
      if (step.malformed) {
        response.writeHead(200, { 'content-type': request.streaming ? 'text/event-stream' : 'application/json' });
        response.end(request.streaming ? 'data: {"candidates": [{"content":\r\n\r\n' : '{"candidates": [');
        return;
      }
      if (request.streaming) return writeStream(response, step, model);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(candidateResponse(step, model)));
    },
  });
}
