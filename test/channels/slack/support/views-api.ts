// Adds `views.publish` (the App Home tab) in front of the fake Slack Web API: a small proxy that
// answers views.publish itself, records it in the fake's call list (so the validator and the token
// scans see it) and keeps the last Home view per user; every other method goes to the fake as is.
import { createServer, type Server } from 'node:http';
import { parse as parseQueryString } from 'node:querystring';
import type { FakeSlackApi } from '../../../fakes/slack-api-server.js';

export interface HomeViewLike {
  type: string;
  blocks: unknown[];
}

export interface ViewsApi {
  /** Use as `slackApiUrl`: ends in `/api/`. */
  apiUrl: string;
  /** The last Home view published for each user. */
  homeViews: Map<string, HomeViewLike>;
  close(): Promise<void>;
}

export async function startViewsApi(slack: FakeSlackApi): Promise<ViewsApi> {
  const homeViews = new Map<string, HomeViewLike>();
  const upstream = new URL(slack.apiUrl);
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const path = request.url ?? '/';
    if (path.replace(/\?.*$/, '') === '/api/views.publish') {
      const args = parseArguments(request.headers['content-type'], body);
      const authorized = String(request.headers.authorization ?? '').startsWith('Bearer xoxb-');
      slack.calls.push({ method: 'views.publish', args, ...(authorized ? {} : { failedWith: 'not_authed' }) });
      if (authorized) homeViews.set(String(args.user_id), args.view as HomeViewLike);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(authorized ? { ok: true, view: { id: 'V0HOME', ...(args.view as object) } } : { ok: false, error: 'not_authed' }));
      return;
    }
    const headers: Record<string, string> = {};
    for (const name of ['content-type', 'authorization']) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const forwarded = await fetch(new URL(path, upstream.origin), { method: request.method, headers, body: request.method === 'GET' ? undefined : body });
    const retryAfter = forwarded.headers.get('retry-after');
    response.writeHead(forwarded.status, { 'content-type': forwarded.headers.get('content-type') ?? 'application/json', ...(retryAfter ? { 'retry-after': retryAfter } : {}) });
    response.end(Buffer.from(await forwarded.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    apiUrl: `http://127.0.0.1:${port}/api/`,
    homeViews,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function parseArguments(contentType: string | undefined, body: Buffer): Record<string, unknown> {
  const text = body.toString('utf8');
  if (contentType?.includes('application/json')) return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  const args: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(parseQueryString(text))) {
    const single = Array.isArray(value) ? value[0] : value;
    args[key] = key === 'view' && typeof single === 'string' ? JSON.parse(single) : single;
  }
  return args;
}
