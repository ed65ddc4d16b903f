// The `datathread` command: ask | chat | check | context-check | feedback | mcp | serve.
import { UsageError, parseArguments } from './arguments.js';
import { askCommand } from './ask-command.js';
import { bootstrap, EXIT_CONFIG_ERROR } from '../config/bootstrap.js';
import { ConfigError } from '../config/config-error.js';
import { chatCommand } from './chat-command.js';
import { checkCommand } from './check-command.js';
import { contextCheckCommand } from './context-check-command.js';
import { feedbackCommand } from './feedback-command.js';
import { mcpCommand } from './mcp-command.js';
import type { TerminalOutput } from './render-reply.js';

const USAGE = `Usage:
  datathread ask "question" [--database NAME] [--out DIR]   one turn; charts saved as PNG files in DIR
  datathread chat [--database NAME] [--out DIR]             a conversation in the terminal
  datathread check                                          validate the config, try the model, connect to every database
  datathread check --usage [--days N]                       the model's token usage per day (default: last 7 days)
  datathread check --access USER                            the databases and features USER (Slack id, Teams object id, e-mail) gets, and why
  datathread context-check [--out DIR] [--apply]            review the context folder; report and patch in DIR
  datathread feedback [--since DATE] [--format table|csv|json]  the 👍/👎 people gave answers, with question and SQL
  datathread mcp [--database NAME]                          serve datathread as an MCP server on stdio (ask, execute_sql)
  datathread serve                                          run the server (same as npm start)
  datathread help                                           this text (also --help, -h)`;

const EXIT_USAGE_ERROR = 2;

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
}

export async function runCli(argv: string[], io: CliIo = {}): Promise<number> {
  const [command, ...rest] = argv;
  const output = io.output ?? stdout;
  const errors = io.errors ?? stderr;
  const started = () => bootstrap(io.variables);
  // Help asked for, of the whole command or of one subcommand, is an answer, not a mistake.
  if (command === undefined || HELP_COMMANDS.has(command) || rest.some((word) => HELP_FLAGS.has(word))) {
    output.write(`${USAGE}\n`);
    return 0;
  }
  try {
    const parsed = parseArguments(rest, ['database', 'out', 'days', 'since', 'format', 'access']);
    switch (command) {
      case 'ask':
        return await askCommand(parsed, started(), output);
      case 'chat':
        return await chatCommand(parsed, started(), output);
      case 'check':
        return await checkCommand(parsed, started(), output);
      case 'context-check':
        return await contextCheckCommand(parsed, started(), output);
      case 'feedback':
        return await feedbackCommand(parsed, started(), output);
      case 'mcp':
        return await mcpCommand(parsed, started());
      case 'serve': {
        const { startServer } = await import('../main.js');
        await startServer();
        return -1;
      }
      default:
        errors.write(`Unknown command "${command}".\n${USAGE}\n`);
        return EXIT_USAGE_ERROR;
    }
  } catch (error) {
    if (error instanceof UsageError) {
      errors.write(`${error.message}\n${USAGE}\n`);
      return EXIT_USAGE_ERROR;
    }
    if (error instanceof ConfigError) {
      errors.write(`${error.message}\n`);
      return EXIT_CONFIG_ERROR;
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
