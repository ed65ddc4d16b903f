// The common part of the local model-provider servers (Anthropic, Gemini, Bedrock): an HTTP server
// that records every request and answers each with the next scripted step, in the provider's own
// wire format (given by a `ProviderProtocol`). Steps are the ones the OpenAI fake plays.
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { ScriptedStep } from './openai-server.js';

export interface ProviderStep extends ScriptedStep {
  /** Token counts reported for this step (defaults: 100 in, 20 out, 0 cached). */
  usage?: { input: number; output: number; cached: number };
}

export interface RecordedProviderRequest {
  method: string;
  /** Path and query, as received. */
  url: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  body: Record<string, unknown>;
  /** Whether the client asked for a stream (by path or by body). */
  streaming: boolean;
}

export type ProviderStepProducer = ProviderStep | ((request: RecordedProviderRequest) => ProviderStep);

export interface Refusal {
  status: number;
  headers?: Record<string, string>;
  body: string;
}

export interface ProviderProtocol {
  /** Whether this path is one of the provider's generate endpoints, and whether it streams. */
  route(method: string, url: string, body: Record<string, unknown>): { streaming: boolean } | undefined;
  /** A refusal (status + body) when the request's credentials or shape are wrong, as the provider answers. */
  refuse(request: RecordedProviderRequest): Refusal | undefined | Promise<Refusal | undefined>;
  errorResponse(status: number, message: string): { headers?: Record<string, string>; body: string };
  respond(step: ProviderStep, request: RecordedProviderRequest, response: ServerResponse): void;
}

export interface FakeProvider {
  /** http://127.0.0.1:<port> */
  origin: string;
  requests: RecordedProviderRequest[];
  enqueue(...steps: ProviderStepProducer[]): void;
  pending(): number;
  close(): Promise<void>;
}

export const DEFAULT_STEP_USAGE = { input: 100, output: 20, cached: 0 };

let toolCallCounter = 0;

/** A fresh id for a scripted tool call. */
export function nextToolCallId(prefix: string): string {
  toolCallCounter += 1;
  return `${prefix}${toolCallCounter}`;
}

export async function startScriptedProvider(protocol: ProviderProtocol): Promise<FakeProvider> {
  const queue: ProviderStepProducer[] = [];
  const requests: RecordedProviderRequest[] = [];
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    const body = rawBody ? (JSON.parse(rawBody) as Record<string, unknown>) : {};
    const url = request.url ?? '/';
    const route = protocol.route(request.method ?? 'GET', url, body);
    if (!route) {
      const error = protocol.errorResponse(404, `unknown path ${url}`);
      response.writeHead(404, { 'content-type': 'application/json', ...error.headers });
      response.end(error.body);
      return;
    }
    const recorded: RecordedProviderRequest = { method: request.method ?? 'GET', url, headers: request.headers, rawBody, body, streaming: route.streaming };
    requests.push(recorded);
    const refusal = await protocol.refuse(recorded);
    if (refusal) {
      response.writeHead(refusal.status, { 'content-type': 'application/json', ...refusal.headers });
      response.end(refusal.body);
      return;
    }
    const producer = queue.shift();
    const step: ProviderStep = !producer ? { errorStatus: 500 } : typeof producer === 'function' ? producer(recorded) : producer;
    if (step.delayMs) await new Promise((resolve) => setTimeout(resolve, step.delayMs));
    if (step.errorStatus) {
      const error = protocol.errorResponse(step.errorStatus, producer ? `scripted error ${step.errorStatus}` : 'the fake model has no scripted step left');
      const retryAfter = step.retryAfterSeconds !== undefined ? { 'retry-after': String(step.retryAfterSeconds) } : {};
      response.writeHead(step.errorStatus, { 'content-type': 'application/json', ...retryAfter, ...error.headers });
      response.end(error.body);
      return;
    }
    protocol.respond(step, recorded, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    enqueue: (...steps) => queue.push(...steps),
    pending: () => queue.length,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
