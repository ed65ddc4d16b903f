// The options each command accepts. An option a command does not know is refused before anything
// runs, so `datathread ask --databse shop` does not quietly ask every database; and a usage error
// is one line: what is wrong, then where the command's own usage is.
import { UsageError } from './arguments.js';

interface CommandOptions {
  /** Options that take a value (`--out DIR`). */
  values: readonly string[];
  /** Options that stand alone (`--dry-run`). */
  flags: readonly string[];
}

const USAGE_REPORT_OPTIONS = ['since', 'days', 'by', 'format'];

export const COMMAND_OPTIONS: Readonly<Record<string, CommandOptions>> = {
  ask: { values: ['database', 'out'], flags: ['verbose'] },
  chat: { values: ['database', 'out'], flags: ['verbose'] },
  check: { values: ['access', ...USAGE_REPORT_OPTIONS], flags: ['usage'] },
  'context-check': { values: ['out'], flags: ['apply'] },
  eval: { values: ['cases', 'repeat', 'junit', 'report', 'json', 'compare', 'concurrency'], flags: ['from-verified', 'verbose'] },
  feedback: { values: ['since', 'format'], flags: [] },
  usage: { values: USAGE_REPORT_OPTIONS, flags: [] },
  memory: { values: ['scope', 'database'], flags: [] },
  verified: { values: ['format', 'out'], flags: [] },
  schedules: { values: [], flags: [] },
  mcp: { values: ['database'], flags: [] },
  sync: { values: ['database'], flags: ['dry-run'] },
  serve: { values: [], flags: [] },
  init: { values: ['type', 'connection', 'provider', 'config'], flags: ['force', 'no-check'] },
};

export const KNOWN_COMMANDS = Object.keys(COMMAND_OPTIONS);

/** Every option name any command takes with a value, for the parser. */
export function valueOptionsOf(command: string): readonly string[] {
  return COMMAND_OPTIONS[command]?.values ?? [];
}

/** Refuses an option the command does not take, naming the ones it does. */
export function refuseUnknownOptions(command: string, options: ReadonlyMap<string, string | true>): void {
  const known = COMMAND_OPTIONS[command];
  if (!known) return;
  const accepted = [...known.values, ...known.flags];
  const unknown = [...options.keys()].filter((name) => !accepted.includes(name));
  if (unknown.length === 0) return;
  const takes = accepted.length > 0 ? `it takes ${accepted.map((name) => `--${name}`).join(', ')}` : 'it takes no options';
  throw new UsageError(`datathread ${command} does not take ${unknown.map((name) => `--${name}`).join(', ')}; ${takes}`);
}

/** The one line a usage error prints: what is wrong, and where to read the command's usage. */
export function usageErrorLine(message: string, command: string | undefined): string {
  const help = command && COMMAND_OPTIONS[command] ? `datathread help ${command}` : 'datathread help';
  return `${message.replace(/\s+/g, ' ').trim()} (see \`${help}\`)`;
}

/** The lines of the full usage that belong to `command`: its own entries and their continuations. */
export function usageOf(command: string, fullUsage: string): string | undefined {
  const lines = fullUsage.split('\n').slice(1);
  const own: string[] = [];
  let inside = false;
  for (const line of lines) {
    if (line.startsWith('  datathread ')) inside = line.startsWith(`  datathread ${command} `) || line === `  datathread ${command}`;
    if (inside) own.push(line);
  }
  return own.length > 0 ? `Usage:\n${own.join('\n')}` : undefined;
}
