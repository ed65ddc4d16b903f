// Verified queries in a turn: the closest the asker may see are trusted examples in the system
// prompt, and an answer that ran one is badged. Never fails a turn (verified-turn.ts).
import type { Logger } from '../../logging/logger.js';
import type { VerifiedQueriesForTurn, VerifiedQueryLibrary } from '../../verified/verified-query-library.js';
import { loadVerifiedForTurn, promptExamples, withVerifiedBadge } from '../verified-turn.js';
import type { TurnStep } from './turn-step.js';

export function verifiedQueriesStep(options: { library: VerifiedQueryLibrary | undefined; logger: Logger }): TurnStep {
  return {
    name: 'verified-queries',
    async start(turn) {
      let verified: VerifiedQueriesForTurn | undefined;
      return {
        prompt: async () => {
          const names = turn.databases.map((database) => database.name);
          verified = await loadVerifiedForTurn(options.library, names, options.logger, turn.request.threadId);
          return { verifiedExamples: promptExamples(verified, turn.questionText) };
        },
        finish: async (outcome) => withVerifiedBadge(outcome, verified),
      };
    },
  };
}
