// The one HTTP server: Slack (/slack/events), Teams (/api/messages), /healthz and /auth/... share
// one port. Channels mount their own routes; body parsing stays per route because Slack's
// signature check needs the raw body.
import express, { type Express } from 'express';
import type { Server } from 'node:http';

export interface HttpServer {
  app: Express;
  listen(port: number, host?: string): Promise<number>;
  close(): Promise<void>;
}

export interface HealthReport {
  ok: boolean;
  detail?: Record<string, string>;
}

export function createHttpServer(health: () => Promise<HealthReport> | HealthReport = () => ({ ok: true })): HttpServer {
  const app = express();
  app.disable('x-powered-by');
  app.get('/healthz', async (_request, response) => {
    const report = await health();
    response.status(report.ok ? 200 : 503).json({ status: report.ok ? 'ok' : 'degraded', ...report.detail });
  });
  let server: Server | undefined;
  return {
    app,
    listen: (port, host = '0.0.0.0') =>
      new Promise((resolve, reject) => {
        server = app.listen(port, host, (error?: Error) => {
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
