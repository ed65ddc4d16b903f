// A local server speaking the Anthropic Messages API (POST /v1/messages), JSON or SSE streaming,
// checking x-api-key and anthropic-version as the real API does. Errors use Anthropic's shape
// ({type: "error", error: {type, message}}).
import type { ServerResponse } from 'node:http';
import { DEFAULT_STEP_USAGE, nextToolCallId, startScriptedProvider, type FakeProvider, type ProviderStep } from './scripted-provider-server.js';

const ERROR_TYPES: Record<number, string> = { 400: 'invalid_request_error', 401: 'authentication_error', 403: 'permission_error', 404: 'not_found_error', 429: 'rate_limit_error', 529: 'overloaded_error' };

function errorBody(status: number, message: string): string {
  return JSON.stringify({ type: 'error', error: { type: ERROR_TYPES[status] ?? 'api_error', message } });
}

function contentOf(step: ProviderStep) {
  const content: Array<Record<string, unknown>> = [];
  if (step.text) content.push({ type: 'text', text: step.text });
  for (const call of step.toolCalls ?? []) content.push({ type: 'tool_use', id: nextToolCallId('toolu_'), name: call.name, input: call.arguments });
  return content;
}

function usageOf(step: ProviderStep) {
  const usage = step.usage ?? DEFAULT_STEP_USAGE;
  return { input_tokens: usage.input - usage.cached, output_tokens: usage.output, cache_read_input_tokens: usage.cached, cache_creation_input_tokens: 0 };
}

function writeStream(response: ServerResponse, step: ProviderStep, model: string): void {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const send = (event: string, data: unknown) => response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  const usage = usageOf(step);
  send('message_start', { type: 'message_start', message: { id: nextToolCallId('msg_'), type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage: { ...usage, output_tokens: 1 } } });
  contentOf(step).forEach((block, index) => {
    if (block.type === 'text') {
      send('content_block_start', { type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
      send('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'text_delta', text: block.text } });
    } else {
      send('content_block_start', { type: 'content_block_start', index, content_block: { ...block, input: {} } });
      send('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) } });
    }
    send('content_block_stop', { type: 'content_block_stop', index });
  });
  send('message_delta', { type: 'message_delta', delta: { stop_reason: step.toolCalls?.length ? 'tool_use' : 'end_turn', stop_sequence: null }, usage: { output_tokens: usage.output_tokens } });
  send('message_stop', { type: 'message_stop' });
  response.end();
}

export async function startFakeAnthropic(options: { apiKey: string }): Promise<FakeProvider> {
  return startScriptedProvider({
    route: (method, url, body) => (method === 'POST' && url === '/v1/messages' ? { streaming: body.stream === true } : undefined),
    refuse: (request) => {
      if (request.headers['x-api-key'] !== options.apiKey) return { status: 401, body: errorBody(401, 'invalid x-api-key') };
      if (!request.headers['anthropic-version']) return { status: 400, body: errorBody(400, 'anthropic-version: header is required') };
      return undefined;
    },
    errorResponse: (status, message) => ({ body: errorBody(status, message) }),
    respond: (step, request, response) => {
      const model = String(request.body.model);
      if (step.malformed) {
        response.writeHead(200, { 'content-type': request.streaming ? 'text/event-stream' : 'application/json' });
        response.end(request.streaming ? 'event: message_start\ndata: {"type":"message_start","message":{\n\n' : '{"id": "msg_broken", "content": [');
        return;
      }
      if (request.streaming) return writeStream(response, step, model);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          id: nextToolCallId('msg_'),
          type: 'message',
          role: 'assistant',
          model,
          content: contentOf(step),
          stop_reason: step.toolCalls?.length ? 'tool_use' : 'end_turn',
          stop_sequence: null,
          usage: usageOf(step),
        }),
      );
    },
  });
}
