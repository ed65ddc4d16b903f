// `datathread feedback [--since DATE] [--format table|csv|json]`: lists the feedback kept in the store.
import { openStore } from '../store/open-store.js';
import type { ParsedArguments } from './arguments.js';
import type { Bootstrapped } from '../config/bootstrap.js';
import { parseFeedbackFormat, parseSince, renderFeedback } from './feedback-report.js';
import type { TerminalOutput } from './render-reply.js';

export async function feedbackCommand(parsed: ParsedArguments, started: Bootstrapped, output: TerminalOutput): Promise<number> {
  // Both are checked before the store opens, so a typo costs nothing.
  const format = parseFeedbackFormat(parsed.options.get('format'));
  const since = parseSince(parsed.options.get('since'));
  const store = await openStore(started.environment.stateUrl);
  try {
    output.write(renderFeedback(await store.listFeedback(since), format));
    return 0;
  } finally {
    await store.close();
  }
}
