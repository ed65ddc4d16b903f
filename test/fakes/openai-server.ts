// A local server that speaks the OpenAI Chat Completions API and plays a script: each request
// takes the next scripted step (text, tool calls, an HTTP error, a delay). It records every request
// so tests can assert on what the model was shown (system prompt, history, tool results).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface ScriptedToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

export interface ScriptedStep {
  text?: string;
  toolCalls?: ScriptedToolCall[];
  /** Answer with this HTTP status and an OpenAI-style error body instead. */
  errorStatus?: number;
  /** With errorStatus: the Retry-After header, in seconds. */
  retryAfterSeconds?: number;
  /** Answer 200 with a body the client cannot parse (a broken stream or JSON). */
  malformed?: boolean;
  /** Answer 200 with an HTML page (a proxy's sign-in or error page) instead of the API's answer. */
  htmlPage?: boolean;
  /** Answer 200 in the API's shape, but with an empty `choices` list (every chunk, when streamed). */
  emptyChoices?: boolean;
  delayMs?: number;
  /** Answer only once this settles (a test releases the model when the moment it tries has come). */
  heldUntil?: Promise<void>;
}

export interface RecordedChatRequest {
  model: string;
  messages: Array<{ role: string; content?: unknown; tool_calls?: unknown; tool_call_id?: string }>;
  tools?: Array<{ type: string; function: { name: string } }>;
  stream?: boolean;
  authorization?: string;
  /** Azure OpenAI's key header. */
  apiKey?: string;
  /** Path and query, e.g. /openai/deployments/<name>/chat/completions?api-version=… */
  url?: string;
}

export interface FakeOpenAIOptions {
  /** Refuse (401, OpenAI's error shape) requests whose headers this rejects. */
  authorize?: (headers: IncomingMessage['headers']) => boolean;
}

export type StepProducer = ScriptedStep | ((request: RecordedChatRequest) => ScriptedStep);

export interface FakeOpenAI {
  /** Base URL for OPENAI_BASE_URL, ending in /v1. */
  url: string;
  requests: RecordedChatRequest[];
  enqueue(...steps: StepProducer[]): void;
  /** Steps not consumed yet. */
  pending(): number;
  /** Drops the steps not consumed yet (a test that served a fault for as long as it was asked). */
  discardPending(): void;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

let callCounter = 0;

function toolCallsOf(step: ScriptedStep) {
  return (step.toolCalls ?? []).map((call) => ({
    id: `call_${++callCounter}`,
    type: 'function' as const,
    function: { name: call.name, arguments: JSON.stringify(call.arguments) },
  }));
}

function completion(step: ScriptedStep, model: string) {
  const toolCalls = toolCallsOf(step);
  return {
    id: `chatcmpl-${++callCounter}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: step.text ?? null, ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}) },
        finish_reason: toolCalls.length > 0 ? 'tool_calls' : 'stop',
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

function writeStream(response: ServerResponse, step: ScriptedStep, model: string): void {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const base = { id: `chatcmpl-${++callCounter}`, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model };
  const send = (payload: unknown) => response.write(`data: ${JSON.stringify(payload)}\n\n`);
  send({ ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] });
  if (step.text) send({ ...base, choices: [{ index: 0, delta: { content: step.text }, finish_reason: null }] });
  toolCallsOf(step).forEach((call, index) =>
    send({ ...base, choices: [{ index: 0, delta: { tool_calls: [{ index, ...call }] }, finish_reason: null }] }),
  );
  send({ ...base, choices: [{ index: 0, delta: {}, finish_reason: step.toolCalls?.length ? 'tool_calls' : 'stop' }], usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 } });
  response.write('data: [DONE]\n\n');
  response.end();
}

/** Chunks in the wire format whose `choices` are empty, as some gateways send on a failed upstream. */
function writeEmptyChoicesStream(response: ServerResponse, model: string): void {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const base = { id: `chatcmpl-${++callCounter}`, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model };
  response.write(`data: ${JSON.stringify({ ...base, choices: [] })}\n\n`);
  response.write(`data: ${JSON.stringify({ ...base, choices: [], usage: { prompt_tokens: 10, completion_tokens: 0, total_tokens: 10 } })}\n\n`);
  response.write('data: [DONE]\n\n');
  response.end();
}

function writeEmptyChoices(response: ServerResponse, model: string): void {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ id: `chatcmpl-${++callCounter}`, object: 'chat.completion', created: Math.floor(Date.now() / 1000), model, choices: [], usage: { prompt_tokens: 10, completion_tokens: 0, total_tokens: 10 } }));
}

export async function startFakeOpenAI(initialSteps: StepProducer[] = [], options: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  const queue: StepProducer[] = [...initialSteps];
  const requests: RecordedChatRequest[] = [];
  const server: Server = createServer(async (request, response) => {
    if (request.method !== 'POST' || !new URL(request.url ?? '/', 'http://localhost').pathname.endsWith('/chat/completions')) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: `unknown path ${request.url}`, type: 'invalid_request_error' } }));
      return;
    }
    const body = JSON.parse(await readBody(request)) as RecordedChatRequest;
    body.authorization = request.headers.authorization;
    body.apiKey = request.headers['api-key'] as string | undefined;
    body.url = request.url;
    requests.push(body);
    if (options.authorize && !options.authorize(request.headers)) {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { code: '401', message: 'Access denied due to invalid subscription key or wrong API endpoint.' } }));
      return;
    }
    const producer = queue.shift();
    if (!producer) {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'the fake model has no scripted step left', type: 'server_error' } }));
      return;
    }
    const step = typeof producer === 'function' ? producer(body) : producer;
    if (step.delayMs) await new Promise((resolve) => setTimeout(resolve, step.delayMs));
    if (step.heldUntil) await step.heldUntil;
    if (step.errorStatus) {
      const retryAfter = step.retryAfterSeconds !== undefined ? { 'retry-after': String(step.retryAfterSeconds) } : {};
      response.writeHead(step.errorStatus, { 'content-type': 'application/json', ...retryAfter });
      response.end(JSON.stringify({ error: { message: `scripted error ${step.errorStatus}`, type: 'server_error' } }));
      return;
    }
    if (step.malformed) {
      response.writeHead(200, { 'content-type': body.stream ? 'text/event-stream' : 'application/json' });
      response.end(body.stream ? 'data: {"id": "chatcmpl-broken", "choices": [\n\n' : '{"id": "chatcmpl-broken", "choices": [');
      return;
    }
    if (step.htmlPage) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end('<!DOCTYPE html>\n<html><head><title>Sign in</title></head><body><h1>Sign in to continue</h1></body></html>\n');
      return;
    }
    if (step.emptyChoices) return body.stream ? writeEmptyChoicesStream(response, body.model) : writeEmptyChoices(response, body.model);
    if (body.stream) return writeStream(response, step, body.model);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(completion(step, body.model)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...steps) => queue.push(...steps),
    pending: () => queue.length,
    discardPending: () => void queue.splice(0),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The text of every tool result the model was shown in a request, in order. */
export function toolResultsIn(request: RecordedChatRequest): string[] {
  return request.messages.filter((message) => message.role === 'tool').map((message) => String(message.content));
}

/** The query ids the model was shown in tool results, in the order first shown, each once. */
export function queryIdsIn(request: RecordedChatRequest): string[] {
  return [...new Set(toolResultsIn(request).join('\n').match(/query_[a-z0-9]{8}/g) ?? [])];
}

/** The first query id the model was shown; throws when there is none. */
export function firstQueryIdIn(request: RecordedChatRequest): string {
  const [id] = queryIdsIn(request);
  if (!id) throw new Error('The model was not shown a query id.');
  return id;
}
