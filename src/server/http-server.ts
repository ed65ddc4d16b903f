// The one HTTP server: Slack (/slack/events), Teams (/api/messages), /healthz (liveness), /readyz
// (readiness: 503 while the state store cannot serve), /privacy and /terms, and /auth/... share one port. Channels mount their own routes; body parsing stays per route because Slack's
// signature check needs the raw body.
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { Server } from 'node:http';
import { silentLogger, type Logger } from '../logging/logger.js';
import { attachPolicyPages } from './policy-pages.js';

export interface HttpServer {
  app: Express;
  listen(port: number, host?: string): Promise<number>;
  close(): Promise<void>;
}

export interface HealthReport {
  ok: boolean;
  detail?: Record<string, string>;
}

/** Unknown paths and failures answer in JSON, never with Express's HTML page and stack trace. */
function addFallbackHandlers(app: Express, logger: Logger): void {
  app.use((request: Request, response: Response) => {
    response.status(404).json({ error: `No route for ${request.method} ${request.path}. datathread serves /slack/events, /api/messages, /healthz and /readyz.` });
  });
  app.use((error: unknown, request: Request, response: Response, _next: NextFunction) => {
    const failure = error as { status?: number; type?: string; message?: string };
    if (failure.type === 'entity.parse.failed') {
      logger.warn('request body is not valid JSON', { path: request.path });
      response.status(400).json({ error: 'The request body is not valid JSON.' });
      return;
    }
    const status = typeof failure.status === 'number' && failure.status >= 400 && failure.status < 600 ? failure.status : 500;
    logger.error('HTTP request failed', { path: request.path, status, error: failure.message ?? String(error) });
    response.status(status).json({ error: status < 500 ? failure.message ?? 'Bad request.' : 'Internal error; see the datathread log.' });
  });
}

export function createHttpServer(
  readiness: () => Promise<HealthReport> | HealthReport = () => ({ ok: true }),
  logger: Logger = silentLogger,
): HttpServer {
  // Channels mount their routes on `app` whenever they start; `app` is a sub-application of the
  // server, so the JSON fallbacks of the outer one always come after every route.
  const app = express();
  app.disable('x-powered-by');
  // Liveness: the process answers. A store outage must not get the process restarted in a loop.
  app.get('/healthz', (_request, response) => {
    response.status(200).json({ status: 'ok' });
  });
  app.get('/readyz', async (_request, response) => {
    const report = await readiness();
    if (!report.ok) logger.warn('not ready: a dependency cannot serve', { ...report.detail });
    response.status(report.ok ? 200 : 503).json({ status: report.ok ? 'ready' : 'unavailable', ...report.detail });
  });
  // The Teams manifest's privacyUrl and termsOfUseUrl point here by default.
  attachPolicyPages(app);
  const outer = express();
  outer.disable('x-powered-by');
  outer.use(app);
  addFallbackHandlers(outer, logger);
  let server: Server | undefined;
  return {
    app,
    listen: (port, host = '0.0.0.0') =>
      new Promise((resolve, reject) => {
        server = outer.listen(port, host, (error?: Error) => {
          if (error) return reject(error);
          const address = server?.address();
          resolve(typeof address === 'object' && address ? address.port : port);
        });
      }),
    close: () =>
      new Promise((resolve) => {
        if (!server) return resolve();
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
