// The stored form of a turn job: the neutral request (without its dedupe keys, which were recorded
// with the job) and the channel's reply target, under a payload version. A job can wait in the
// store across an upgrade, so every claim reads its payload back through the schema of its version:
// an older shape is upgraded here, in one place, and a payload that fits no version is refused
// before anything runs on it. Change the shape by adding a version and its upgrade, never in place.
import { z } from 'zod';
import type { JsonValue } from '../databases/types.js';
import { DatathreadError } from '../support/errors.js';
import { PLATFORMS } from '../support/platforms.js';
import type { TurnRequest } from './types.js';

/** The version `submit` writes. */
export const TURN_JOB_PAYLOAD_VERSION = 1;

/** What a job runs: the request as the channel submitted it, less the dedupe keys. */
export type StoredTurnRequest = Omit<TurnRequest, 'eventKey' | 'extraEventKeys'>;

export interface TurnJobPayload {
  request: StoredTurnRequest;
  /** The channel's reply target; the channel's executor checks it against its own schema. */
  reply: JsonValue;
}

/** A stored payload that fits none of the versions this code reads; the job is not run. */
export class TurnJobPayloadError extends DatathreadError {
  override readonly name = 'TurnJobPayloadError';
  readonly code = 'turn_job_payload_invalid';

  /** False when the stored reply target may lead to another thread than the job's: nobody is told. */
  readonly threadKnown: boolean;

  constructor(message: string, options: { threadKnown?: boolean } = {}) {
    super(message);
    this.threadKnown = options.threadKnown ?? true;
  }
}

const storedTurnRequestSchema: z.ZodType<StoredTurnRequest> = z.object({
  threadId: z.string().min(1),
  platform: z.enum(PLATFORMS),
  actor: z.object({
    platform: z.enum(PLATFORMS),
    userId: z.string(),
    displayName: z.string().optional(),
    email: z.string().optional(),
    // Added without a new version: a job stored before it simply has none.
    address: z.record(z.string(), z.string()).optional(),
    // The asker's IANA zone where the channel tells it (Teams `localTimezone`): a schedule made in the turn defaults to it.
    timeZone: z.string().optional(),
  }),
  text: z.string(),
  kind: z.enum(['message', 'follow_up', 'clarification_answer', 'retry']),
  place: z.object({ channelId: z.string().optional(), teamId: z.string().optional(), tenantId: z.string().optional(), isDirectMessage: z.boolean() }),
  interactive: z.boolean(),
});

/** Version 0: jobs queued before payloads carried a version (no `payloadVersion` field). */
const payloadVersion0Schema = z.object({ request: storedTurnRequestSchema, reply: z.json() });

const payloadVersion1Schema = z.object({ payloadVersion: z.literal(1), request: storedTurnRequestSchema, reply: z.json() });

/** The stored form of a new job, at the current version. */
export function storedTurnJobPayload(request: StoredTurnRequest, reply: object): JsonValue {
  // The request and the channels' reply targets hold only JSON values (the schemas above and the
  // channels' reply schemas check them when read back); their interfaces just do not say so.
  return { payloadVersion: TURN_JOB_PAYLOAD_VERSION, request, reply } as unknown as JsonValue;
}

/** Reads a stored payload of any known version as the current shape; throws TurnJobPayloadError when it fits none. */
export function parseTurnJobPayload(stored: JsonValue): TurnJobPayload {
  const version = typeof stored === 'object' && stored !== null && !Array.isArray(stored) && 'payloadVersion' in stored ? stored.payloadVersion : 0;
  if (version === 0) {
    const parsed = payloadVersion0Schema.safeParse(stored);
    if (!parsed.success) throw payloadError(0, parsed.error);
    // Version 1 only added the version field: the request and reply are read as they were.
    return { request: parsed.data.request, reply: parsed.data.reply };
  }
  if (version === 1) {
    const parsed = payloadVersion1Schema.safeParse(stored);
    if (!parsed.success) throw payloadError(1, parsed.error);
    return { request: parsed.data.request, reply: parsed.data.reply };
  }
  throw new TurnJobPayloadError(
    `The turn job payload has version ${JSON.stringify(version)}, which this datathread does not read (it reads versions 0 to ${TURN_JOB_PAYLOAD_VERSION}); it was probably queued by a newer release.`,
  );
}

/**
 * The reply target of a payload whose request could not be read, to tell its thread; every version
 * keeps it under `reply`. Undefined when the payload is not even an object.
 */
export function storedReplyOf(stored: JsonValue): JsonValue | undefined {
  return typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? stored.reply : undefined;
}

function payloadError(version: number, error: z.ZodError): TurnJobPayloadError {
  return new TurnJobPayloadError(`The turn job payload does not match version ${version} of its schema: ${z.prettifyError(error)}`);
}
