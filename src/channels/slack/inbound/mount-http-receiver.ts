// HTTP mode: Bolt's ExpressReceiver verifies every request's signature and timestamp (older than
// 5 minutes → 401; request-guards.ts adds the future side and a 400 for a body that is not an
// object) and serves events and interactivity on one path. Its router is mounted on the
// shared express app behind a switch, so stop() can detach Slack without closing the server.
import { ExpressReceiver, type Logger as BoltLogger } from '@slack/bolt';
import type { Express } from 'express';
import { processEventError, refuseOutOfWindowRequest } from './request-guards.js';

export const SLACK_EVENTS_PATH = '/slack/events';

export interface MountedReceiver {
  receiver: ExpressReceiver;
  detach(): void;
}

export function mountHttpReceiver(app: Express, signingSecret: string, logger: BoltLogger): MountedReceiver {
  const receiver = new ExpressReceiver({
    signingSecret,
    endpoints: SLACK_EVENTS_PATH,
    logger,
    // Slack is answered once the listeners returned: an event listener persists the turn job
    // first (a few milliseconds), so an answered event is never lost; a failed write answers 500 and
    // Slack redelivers. Listeners do nothing slow before returning (Slack's 3-second rule).
    processBeforeResponse: true,
    processEventErrorHandler: processEventError,
  });
  let attached = true;
  app.use((request, response, next) => {
    if (!attached) return next();
    if (request.method === 'POST' && request.path === SLACK_EVENTS_PATH && refuseOutOfWindowRequest(request, response, logger)) return;
    receiver.router(request, response, next);
  });
  return {
    receiver,
    detach: () => {
      attached = false;
    },
  };
}
