// A TurnHandler for adapter tests that do not need the real engine: it records requests, dedupes
// by event key like the engine, and answers with a scripted outcome.
import type { HandleResult, TurnHandler, TurnObserver, TurnOutcome, TurnRequest } from '../../../../src/conversations/types.js';

export type OutcomeScript = (request: TurnRequest, observer: TurnObserver) => Promise<Partial<TurnOutcome>> | Partial<TurnOutcome>;

export class RecordingTurnHandler implements TurnHandler {
  readonly requests: TurnRequest[] = [];
  readonly cancelled: string[] = [];
  readonly knownThreads = new Set<string>();
  private readonly seenKeys = new Set<string>();

  constructor(private readonly script: OutcomeScript = () => ({ text: 'Done.' })) {}

  async handle(request: TurnRequest, observer: TurnObserver = {}): Promise<HandleResult> {
    const keys = [request.eventKey, ...(request.extraEventKeys ?? [])].filter((key): key is string => Boolean(key));
    const duplicate = keys.some((key) => this.seenKeys.has(key));
    keys.forEach((key) => this.seenKeys.add(key));
    if (duplicate) return { kind: 'duplicate' };
    this.requests.push(request);
    this.knownThreads.add(request.threadId);
    observer.onStart?.();
    const partial = await this.script(request, observer);
    const outcome: TurnOutcome = { threadId: request.threadId, status: 'answered', text: '', charts: [], stories: [], queries: [], tables: [], followUps: [], ...partial };
    return { kind: 'completed', outcome };
  }

  cancel(threadId: string): boolean {
    this.cancelled.push(threadId);
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
