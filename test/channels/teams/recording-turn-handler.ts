// A TurnHandler fake for channel tests: records every request, dedupes by event keys like the
// engine does, remembers threads it answered, and plays scripted outcomes.
import type { HandleResult, TurnHandler, TurnObserver, TurnOutcome, TurnRequest } from '../../../src/conversations/types.js';

export function outcomeFor(request: TurnRequest, overrides: Partial<TurnOutcome> = {}): TurnOutcome {
  return {
    threadId: request.threadId,
    status: 'answered',
    text: `You asked: ${request.text}`,
    charts: [],
    stories: [],
    queries: [],
    tables: [],
    followUps: [],
    ...overrides,
  };
}

export class RecordingTurnHandler implements TurnHandler {
  readonly requests: TurnRequest[] = [];
  readonly handled: TurnRequest[] = [];
  private readonly seenKeys = new Set<string>();
  private readonly knownThreads = new Set<string>();

  constructor(private readonly script: (request: TurnRequest) => TurnOutcome | Promise<TurnOutcome> = (request) => outcomeFor(request)) {}

  async handle(request: TurnRequest, observer: TurnObserver = {}): Promise<HandleResult> {
    this.requests.push(request);
    const keys = [request.eventKey, ...(request.extraEventKeys ?? [])].filter((key): key is string => Boolean(key));
    if (keys.some((key) => this.seenKeys.has(key))) return { kind: 'duplicate' };
    for (const key of keys) this.seenKeys.add(key);
    this.handled.push(request);
    this.knownThreads.add(request.threadId);
    observer.onStart?.();
    return { kind: 'completed', outcome: await this.script(request) };
  }

  cancel(): boolean {
    return false;
  }

  async isKnownThread(threadId: string): Promise<boolean> {
    return this.knownThreads.has(threadId);
  }

  async markEventProcessed(...eventKeys: string[]): Promise<boolean> {
    if (eventKeys.some((eventKey) => this.seenKeys.has(eventKey))) return false;
    for (const eventKey of eventKeys) this.seenKeys.add(eventKey);
    return true;
  }
}
