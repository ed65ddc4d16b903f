// The `datathread` command: init | ask | chat | check | context-check | eval | feedback | usage | memory | verified | schedules | sync | mcp | serve.
import { UsageError, parseArguments } from './arguments.js';
import { askCommand } from './ask-command.js';
import { bootstrap, EXIT_CONFIG_ERROR } from '../config/bootstrap.js';
import { ConfigError } from '../config/config-error.js';
import { chatCommand } from './chat-command.js';
import { checkCommand } from './check-command.js';
import { contextCheckCommand } from './context-check-command.js';
import { evalCommand } from './eval-command.js';
import { feedbackCommand } from './feedback-command.js';
import { mcpCommand } from './mcp-command.js';
import { usageCommand } from './usage-command.js';
import { memoryCommand } from './memory-command.js';
import { verifiedQueriesSource } from './eval-from-verified.js';
import { verifiedCommand } from './verified-command.js';
import { schedulesCommand } from './schedules-command.js';
import { syncCommand } from './sync-command.js';
import type { TerminalOutput } from './render-reply.js';
import { stateStoreFailureLine } from './state-store-failure.js';
import { initCommand, type AskInTerminal } from './init-command.js';
import { terminalQuestion } from './terminal-question.js';
import { variablesWithConfigPath } from '../config/environment.js';
import { KNOWN_COMMANDS, refuseUnknownOptions, usageErrorLine, usageOf, valueOptionsOf } from './command-options.js';
import { closestMatch } from '../config/did-you-mean.js';

const USAGE = `Usage:
  datathread init [--type TYPE] [--connection VALUE] [--provider NAME] [--force]
                                                            write a commented datathread.yaml and .env.example (asks in a terminal), then check
  datathread ask "question" [--database NAME] [--out DIR]   one turn; charts saved as PNG files in DIR
  datathread chat [--database NAME] [--out DIR]             a conversation in the terminal
  datathread check                                          validate the config, try the model, connect to every database
  datathread check --access USER                            the databases and features USER (Slack id, Teams object id, e-mail) gets, and why
  datathread context-check [--out DIR] [--apply]            review the context folder; report and patch in DIR
  datathread eval [--cases FILE|DIR] [--repeat N]           score answers against cases (default: evals/demo/);
       [--concurrency N] [--report FILE.md] [--json FILE]   exit code 1 when a case fails
       [--junit FILE] [--compare PREVIOUS.json]             --from-verified (instead of --cases): the verified queries are the cases
  datathread feedback [--since DATE] [--format table|csv|json]  the 👍/👎 people gave answers, with question and SQL
  datathread usage [--since DATE|Nd] [--by user|channel|database|model] [--format table|csv|json]
                                                            questions, answers, failures, tokens, cost, queries, 👍/👎 (default: last 30 days, by user)
  datathread memory list | add "TEXT" [--scope channel:ID|workspace] [--database NAME] | forget ID
                                                            remembered corrections (added here: no approval needed)
  datathread verified list [--format table|json]            the verified queries (context folder verified/*.yaml and Verify in chat)
  datathread verified export [--out FILE]                   the ones verified in chat as a verified/*.yaml file, for git
  datathread verified remove ID                             forget a query verified in chat
  datathread schedules list|pause|resume|delete|run-now ID  scheduled reports and alerts: list them, or change one
  datathread mcp [--database NAME]                          serve datathread as an MCP server on stdio (ask, execute_sql)
  datathread serve                                          run the server (same as npm start)
  datathread sync [--database NAME]… [--dry-run]            write each warehouse's tables, comments and keys into the context folder
  datathread help [COMMAND]                                 this text, or one command's usage (also --help, -h)`;

const EXIT_USAGE_ERROR = 2;
const EXIT_FAILURE = 1;

const stdout: TerminalOutput = { write: (text) => process.stdout.write(text) };
const stderr: TerminalOutput = { write: (text) => process.stderr.write(text) };

const HELP_COMMANDS = new Set(['help', '--help', '-h']);
/** After a command only the flags ask for help: `datathread ask help` asks the model about "help". */
const HELP_FLAGS = new Set(['--help', '-h']);

export interface CliIo {
  variables?: Readonly<Record<string, string | undefined>>;
  output?: TerminalOutput;
  /** Usage and configuration errors (default: stderr). */
  errors?: TerminalOutput;
  /** Asks a question and returns the answer (`init`); default: in the terminal, when stdin is one. */
  ask?: AskInTerminal;
}

export async function runCli(argv: string[], io: CliIo = {}): Promise<number> {
  const [command, ...rest] = argv;
  const output = io.output ?? stdout;
  const errors = io.errors ?? stderr;
  const started = () => bootstrap(io.variables);
  // Help asked for, of the whole command or of one subcommand, is an answer, not a mistake.
  if (command === undefined || HELP_COMMANDS.has(command) || rest.some((word) => HELP_FLAGS.has(word))) {
    const about = command !== undefined && HELP_COMMANDS.has(command) ? rest[0] : command;
    output.write(`${(about !== undefined && usageOf(about, USAGE)) || USAGE}\n`);
    return 0;
  }
  if (!KNOWN_COMMANDS.includes(command)) {
    const suggestion = closestMatch(command, KNOWN_COMMANDS);
    errors.write(`${usageErrorLine(`Unknown command "${command}"${suggestion ? ` (did you mean "${suggestion}"?)` : ''}`, undefined)}\n`);
    return EXIT_USAGE_ERROR;
  }
  try {
    const parsed = parseArguments(rest, valueOptionsOf(command));
    refuseUnknownOptions(command, parsed.options);
    switch (command) {
      case 'ask':
        return await askCommand(parsed, started(), output);
      case 'chat':
        return await chatCommand(parsed, started(), output);
      case 'check':
        return await checkCommand(parsed, started(), output);
      case 'context-check':
        return await contextCheckCommand(parsed, started(), output);
      case 'eval':
        return await evalCommand(parsed, started(), output, errors, ...(parsed.options.has('from-verified') ? [verifiedQueriesSource] : []));
      case 'feedback':
        return await feedbackCommand(parsed, started(), output);
      case 'usage':
        return await usageCommand(parsed, started(), output);
      case 'memory':
        return await memoryCommand(parsed, started(), output);
      case 'verified':
        return await verifiedCommand(parsed, started(), output);
      case 'schedules':
        return await schedulesCommand(parsed, started(), output);
      case 'mcp':
        return await mcpCommand(parsed, started());
      case 'sync':
        return await syncCommand(rest, parsed, started(), output);
      case 'init':
        return await initCommand(parsed, {
          variables: io.variables,
          output,
          ask: io.ask ?? terminalQuestion(),
          check: (configPath) => checkCommand(parseArguments([], []), bootstrap(variablesWithConfigPath(io.variables, configPath)), output),
        });
      case 'serve': {
        const { startServer } = await import('../main.js');
        await startServer();
        return -1;
      }
      default:
        return EXIT_USAGE_ERROR;
    }
  } catch (error) {
    if (error instanceof UsageError) {
      errors.write(`${usageErrorLine(error.message, command)}\n`);
      return EXIT_USAGE_ERROR;
    }
    if (error instanceof ConfigError) {
      errors.write(`${error.message}\n`);
      return EXIT_CONFIG_ERROR;
    }
    const storeFailure = stateStoreFailureLine(error);
    if (storeFailure) {
      errors.write(`${storeFailure}\n`);
      return EXIT_FAILURE;
    }
    throw error;
  }
}

const isEntryPoint = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (isEntryPoint) {
  runCli(process.argv.slice(2)).then((code) => {
    if (code >= 0) process.exit(code);
  });
}
