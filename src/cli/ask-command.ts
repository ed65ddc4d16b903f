// `datathread ask "question" [--database NAME] [--out DIR]`: one turn, answer on stdout, charts
// written as PNG files, stories as `<slug>-v<n>.md` with their chart PNGs.
import { terminalLogger } from './terminal-logger.js';
import { randomUUID } from 'node:crypto';
import { createApplication } from '../application.js';
import type { LoadedConfig } from '../config/load-config.js';
import { writeStoryFiles } from '../stories/write-story-files.js';
import { UsageError, type ParsedArguments } from './arguments.js';
import type { Bootstrapped } from '../config/bootstrap.js';
import { consoleRequest } from './console-request.js';
import { planReply } from '../conversations/reply-plan.js';
import { formatReply, writeCharts, type TerminalOutput } from './render-reply.js';

export const DEFAULT_OUTPUT_DIRECTORY = './datathread-output';

export function restrictToDatabase(config: LoadedConfig, name: string | undefined): LoadedConfig {
  if (!name) return config;
  const database = config.databases.find((candidate) => candidate.name === name);
  if (!database) {
    throw new UsageError(`--database ${name}: no such database. Available databases: ${config.databases.map((each) => each.name).join(', ')}.`);
  }
  return { ...config, databases: [database] };
}

export async function askCommand(parsed: ParsedArguments, started: Bootstrapped, output: TerminalOutput): Promise<number> {
  const question = parsed.positionals.join(' ').trim();
  if (!question) throw new UsageError('ask needs a question: datathread ask "How many orders last month?"');
  const databaseOption = parsed.options.get('database');
  const outOption = parsed.options.get('out');
  const config = restrictToDatabase(started.config, typeof databaseOption === 'string' ? databaseOption : undefined);
  const application = await createApplication({ environment: started.environment, config, logger: terminalLogger(parsed, started) });
  try {
    const threadId = `console:${randomUUID()}`;
    const result = await application.engine.handle(consoleRequest(threadId, question, 'message', false));
    if (result.kind !== 'completed') return 1;
    const directory = typeof outOption === 'string' ? outOption : DEFAULT_OUTPUT_DIRECTORY;
    const plan = planReply(result.outcome);
    const chartPaths = await writeCharts(plan.charts, directory);
    const storyFiles = await writeStoryFiles(directory, threadId, result.outcome.stories, application.store);
    output.write(`${formatReply(plan, { chartPaths, storyVersions: result.outcome.stories, storyFiles })}\n`);
    return result.outcome.status === 'failed' ? 1 : 0;
  } finally {
    await application.close();
  }
}
