// A local server speaking Amazon Bedrock's Converse API: POST /model/<id>/converse (JSON) and
// /model/<id>/converse-stream (AWS event stream). It verifies SigV4 the way AWS does (the signature
// recomputed from the request with the test credentials, test/fakes/aws-signature.ts) and refuses
// a wrong one with Bedrock's error shape (x-amzn-ErrorType + {message}).
import type { ServerResponse } from 'node:http';
import { EventStreamCodec } from '@smithy/eventstream-codec';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import { checkSignature } from './aws-signature.js';
import { schemaProblems } from '../support/provider-schema-rules.js';
import { DEFAULT_STEP_USAGE, nextToolCallId, startScriptedProvider, type FakeProvider, type ProviderStep } from './scripted-provider-server.js';

export interface BedrockCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

const ERROR_TYPES: Record<number, string> = { 400: 'ValidationException', 403: 'AccessDeniedException', 404: 'ResourceNotFoundException', 429: 'ThrottlingException', 500: 'InternalServerException', 503: 'ServiceUnavailableException' };

function bedrockError(status: number, type: string, message: string) {
  return { status, headers: { 'x-amzn-errortype': `${type}:http://internal.amazon.com/coral/com.amazon.bedrock/` }, body: JSON.stringify({ message }) };
}

function toolProblems(body: Record<string, unknown>): string[] {
  const tools = ((body.toolConfig as { tools?: Array<{ toolSpec?: { name: string; inputSchema?: { json?: unknown } } }> } | undefined)?.tools ?? []);
  return tools.flatMap((entry) => (entry.toolSpec ? schemaProblems('bedrock', entry.toolSpec.inputSchema?.json).map((problem) => `${entry.toolSpec!.name}: ${problem}`) : []));
}

function contentOf(step: ProviderStep) {
  const content: Array<Record<string, unknown>> = [];
  if (step.text) content.push({ text: step.text });
  for (const call of step.toolCalls ?? []) content.push({ toolUse: { toolUseId: nextToolCallId('tooluse_'), name: call.name, input: call.arguments } });
  return content;
}

function usageOf(step: ProviderStep) {
  const usage = step.usage ?? DEFAULT_STEP_USAGE;
  // Bedrock counts cache reads apart from inputTokens.
  return { inputTokens: usage.input - usage.cached, outputTokens: usage.output, totalTokens: usage.input + usage.output, cacheReadInputTokens: usage.cached, cacheWriteInputTokens: 0 };
}

const codec = new EventStreamCodec(toUtf8, fromUtf8);

function frame(eventType: string, payload: unknown): Uint8Array {
  return codec.encode({
    headers: {
      ':event-type': { type: 'string', value: eventType },
      ':content-type': { type: 'string', value: 'application/json' },
      ':message-type': { type: 'string', value: 'event' },
    },
    body: fromUtf8(JSON.stringify(payload)),
  });
}

/** A whole event-stream frame whose payload no longer matches its CRC. */
function corruptedFrame(): Buffer {
  const bytes = Buffer.from(frame('messageStart', { role: 'assistant' }));
  bytes[bytes.length - 6] = bytes[bytes.length - 6]! ^ 0xff;
  return bytes;
}

function writeStream(response: ServerResponse, step: ProviderStep): void {
  response.writeHead(200, { 'content-type': 'application/vnd.amazon.eventstream' });
  response.write(frame('messageStart', { role: 'assistant' }));
  contentOf(step).forEach((block, contentBlockIndex) => {
    if ('text' in block) {
      response.write(frame('contentBlockDelta', { contentBlockIndex, delta: { text: block.text } }));
    } else {
      const toolUse = block.toolUse as { toolUseId: string; name: string; input: unknown };
      response.write(frame('contentBlockStart', { contentBlockIndex, start: { toolUse: { toolUseId: toolUse.toolUseId, name: toolUse.name } } }));
      response.write(frame('contentBlockDelta', { contentBlockIndex, delta: { toolUse: { input: JSON.stringify(toolUse.input) } } }));
    }
    response.write(frame('contentBlockStop', { contentBlockIndex }));
  });
  response.write(frame('messageStop', { stopReason: step.toolCalls?.length ? 'tool_use' : 'end_turn' }));
  response.write(frame('metadata', { usage: usageOf(step), metrics: { latencyMs: 5 } }));
  response.end();
}

export async function startFakeBedrock(credentials: BedrockCredentials): Promise<FakeProvider> {
  return startScriptedProvider({
    route: (method, url) => {
      const match = /^\/model\/[^/]+\/(converse|converse-stream)$/.exec(url);
      return method === 'POST' && match ? { streaming: match[1] === 'converse-stream' } : undefined;
    },
    refuse: async (request) => {
      const signature = await checkSignature(request, 'bedrock', (accessKeyId) => (accessKeyId === credentials.accessKeyId ? credentials.secretAccessKey : undefined));
      if (!signature) return bedrockError(403, 'MissingAuthenticationTokenException', 'Missing Authentication Token');
      if ('unknownKey' in signature) return bedrockError(403, 'UnrecognizedClientException', 'The security token included in the request is invalid.');
      if (signature.given !== signature.expected) {
        return bedrockError(403, 'InvalidSignatureException', 'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.');
      }
      const problems = toolProblems(request.body);
      if (problems.length > 0) return bedrockError(400, 'ValidationException', `The value at toolConfig.tools.inputSchema.json is not valid: ${problems.join('; ')}`);
      return undefined;
    },
    errorResponse: (status, message) => {
      const error = bedrockError(status, ERROR_TYPES[status] ?? 'InternalServerException', message);
      return { headers: error.headers, body: error.body };
    },
    respond: (step, request, response) => {
      if (step.malformed) {
        response.writeHead(200, { 'content-type': request.streaming ? 'application/vnd.amazon.eventstream' : 'application/json' });
        response.end(request.streaming ? corruptedFrame() : '{"output": {"message": ');
        return;
      }
      if (request.streaming) return writeStream(response, step);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ output: { message: { role: 'assistant', content: contentOf(step) } }, stopReason: step.toolCalls?.length ? 'tool_use' : 'end_turn', usage: usageOf(step), metrics: { latencyMs: 5 } }));
    },
  });
}
