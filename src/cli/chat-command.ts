// `datathread chat`: a terminal conversation with the same engine. Numbers pick a clarification
// option or a follow-up; anything else is a new message; an empty line or Ctrl-D ends it.
import { terminalLogger } from './terminal-logger.js';
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline/promises';
import { createApplication } from '../application.js';
import type { TurnKind, TurnOutcome } from '../conversations/types.js';
import type { ParsedArguments } from './arguments.js';
import { restrictToDatabase } from './ask-command.js';
import type { Bootstrapped } from '../config/bootstrap.js';
import { consoleRequest } from './console-request.js';
import { planReply } from '../conversations/reply-plan.js';
import { formatReply, writeCharts, type TerminalOutput } from './render-reply.js';

export function interpretReply(line: string, previous: TurnOutcome | undefined): { text: string; kind: TurnKind } {
  const choice = /^\s*(\d+)\s*$/.exec(line);
  if (choice && previous) {
    const index = Number(choice[1]) - 1;
    const options = previous.clarification?.options ?? [];
    if (options[index]) return { text: options[index], kind: 'clarification_answer' };
    if (previous.followUps[index]) return { text: previous.followUps[index], kind: 'follow_up' };
  }
  return { text: line.trim(), kind: 'message' };
}

export async function chatCommand(parsed: ParsedArguments, started: Bootstrapped, output: TerminalOutput): Promise<number> {
  const databaseOption = parsed.options.get('database');
  const config = restrictToDatabase(started.config, typeof databaseOption === 'string' ? databaseOption : undefined);
  const application = await createApplication({ environment: started.environment, config, logger: terminalLogger(parsed, started) });
  const outOption = parsed.options.get('out');
  const directory = typeof outOption === 'string' ? outOption : './datathread-output';
  const threadId = `console:${randomUUID()}`;
  const terminal = createInterface({ input: process.stdin, output: process.stdout });
  output.write(`datathread chat — databases: ${config.databases.map((each) => each.name).join(', ')}. Empty line to quit.\n`);
  let previous: TurnOutcome | undefined;
  try {
    for (;;) {
      let line: string;
      try {
        line = await terminal.question('\nyou> ');
      } catch {
        break;
      }
      if (!line.trim()) break;
      const reply = interpretReply(line, previous);
      const result = await application.engine.handle(consoleRequest(threadId, reply.text, reply.kind, true), {
        onStatus: (status) => output.write(`  … ${status}\n`),
      });
      if (result.kind !== 'completed') continue;
      previous = result.outcome;
      const plan = planReply(result.outcome);
      const chartPaths = await writeCharts(plan.charts, directory);
      output.write(`\ndatathread> ${formatReply(plan, { chartPaths, storyVersions: result.outcome.stories })}\n`);
    }
    return 0;
  } finally {
    terminal.close();
    await application.close();
  }
}
