// Checks on a Slack HTTP request that Bolt leaves out. Slack's rule is |now − timestamp| ≤ 5
// minutes both ways; Bolt refuses only old timestamps, so a request dated in the future (a replay
// prepared ahead, a skewed clock) is refused here. A correctly signed body that is not a JSON
// object (`null`, `42`) makes Bolt fail on a property read: it gets a 400 instead of a 500.
import type { Request, Response } from 'express';
import { HTTPModuleFunctions, type Logger as BoltLogger, type ReceiverProcessEventErrorHandlerArgs } from '@slack/bolt';

/** Slack's window for x-slack-request-timestamp, in either direction. */
export const SLACK_TIMESTAMP_TOLERANCE_SECONDS = 5 * 60;

export function isTimestampOutsideWindow(header: string | string[] | undefined, nowMs: number): boolean {
  if (typeof header !== 'string') return false; // missing headers are Bolt's to refuse (401)
  const seconds = Number(header);
  if (!Number.isFinite(seconds)) return false;
  return Math.abs(nowMs / 1_000 - seconds) > SLACK_TIMESTAMP_TOLERANCE_SECONDS;
}

/** Runs before Bolt's router: refuses a request dated outside Slack's window. */
export function refuseOutOfWindowRequest(request: Request, response: Response, logger: BoltLogger): boolean {
  if (!isTimestampOutsideWindow(request.headers['x-slack-request-timestamp'], Date.now())) return false;
  logger.warn(`Refused a Slack request dated outside the 5-minute window (x-slack-request-timestamp ${String(request.headers['x-slack-request-timestamp'])}); check the server clock if this repeats.`);
  response.status(401).json({ error: 'The request timestamp is more than 5 minutes away from now.' });
  return true;
}

const NOT_A_PAYLOAD = JSON.stringify({ error: 'The request body is not a Slack event or interaction payload.' });

function isNotAnObject(body: unknown): boolean {
  return body === null || typeof body !== 'object';
}

/** Bolt's handler for a failure while processing a verified request: 400 for a body that is not an object. */
export async function processEventError(args: ReceiverProcessEventErrorHandlerArgs): Promise<boolean> {
  if (!isNotAnObject((args.request as { body?: unknown }).body) || args.response.headersSent) return HTTPModuleFunctions.defaultProcessEventErrorHandler(args);
  args.logger.warn('Refused a Slack request whose body is not a JSON object.');
  args.response.writeHead(400, { 'content-type': 'application/json' });
  args.response.end(NOT_A_PAYLOAD);
  return false;
}
