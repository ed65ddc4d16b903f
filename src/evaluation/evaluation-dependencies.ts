// What an evaluation needs from the running application: the same engine a chat turn uses, the
// configured databases (to run the gold SQL and re-run the agent's), and the token ledger.
import type { TurnHandler } from '../conversations/types.js';
import type { DatabaseAdapter } from '../databases/types.js';
import type { TokenCounts } from './case-result.js';

export interface EvaluationDependencies {
  engine: TurnHandler;
  databases: DatabaseAdapter[];
  /** Tokens the turns of this thread used (from the store's token usage). */
  tokensOf(threadId: string): Promise<TokenCounts>;
  /** The configured model's id, for its price; undefined when none is configured. */
  modelId?: string;
  queryTimeoutMs: number;
  /** A fresh thread per case run: `console:eval-<uuid>`. */
  createThreadId(): string;
}
