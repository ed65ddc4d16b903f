// `datathread init [--type TYPE] [--connection VALUE] [--provider NAME] [--config PATH] [--force]
// [--no-check]`: writes a commented starter datathread.yaml and a .env.example beside it, from the
// flags or, in a terminal, by asking; then runs `datathread check` on it. An existing file is never
// overwritten without --force.
import { access, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { readEnvironment } from '../config/environment.js';
import { UsageError, type ParsedArguments } from './arguments.js';
import type { TerminalOutput } from './render-reply.js';
import { connectionHint, STARTER_PROVIDERS, STARTER_TYPES, starterFiles, type StarterChoices, type StarterProvider, type StarterType } from './starter-config.js';

/** Asks one question in the terminal and returns the answer; absent when stdin is not a terminal. */
export type AskInTerminal = (question: string) => Promise<string>;

export interface InitIo {
  variables?: Readonly<Record<string, string | undefined>>;
  output: TerminalOutput;
  ask?: AskInTerminal | undefined;
  /** Runs `datathread check` with the written config; returns its exit code. */
  check: (configPath: string) => Promise<number>;
}

const DEFAULT_PROVIDER: StarterProvider = 'openai';

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

function stringOption(parsed: ParsedArguments, name: string): string | undefined {
  const value = parsed.options.get(name);
  if (value === true) throw new UsageError(`--${name} needs a value`);
  return value;
}

function oneOf<T extends string>(value: string, accepted: readonly T[], flag: string): T {
  const found = accepted.find((candidate) => candidate === value.trim().toLowerCase());
  if (!found) throw new UsageError(`--${flag} takes one of ${accepted.join(', ')}; not "${value}"`);
  return found;
}

async function choose(parsed: ParsedArguments, ask: AskInTerminal | undefined): Promise<StarterChoices> {
  let typeText = stringOption(parsed, 'type');
  let connection = stringOption(parsed, 'connection');
  let providerText = stringOption(parsed, 'provider');
  if (ask) {
    typeText ??= await ask(`Warehouse type (${STARTER_TYPES.join(', ')}) [duckdb]: `);
    if (typeText.trim() === '') typeText = 'duckdb';
  }
  if (typeText === undefined) throw new UsageError('init needs --type (and --connection) when it cannot ask in a terminal');
  const type: StarterType = oneOf(typeText, STARTER_TYPES, 'type');
  if (ask && connection === undefined) connection = (await ask(`Connection: ${connectionHint(type)}: `)).trim();
  if (!connection) throw new UsageError(`init needs --connection: ${connectionHint(type)}`);
  if (ask && providerText === undefined) providerText = (await ask(`Model provider (${STARTER_PROVIDERS.join(', ')}) [${DEFAULT_PROVIDER}]: `)).trim() || DEFAULT_PROVIDER;
  const provider: StarterProvider = oneOf(providerText ?? DEFAULT_PROVIDER, STARTER_PROVIDERS, 'provider');
  return { type, connection, provider };
}

export async function initCommand(parsed: ParsedArguments, io: InitIo): Promise<number> {
  if (parsed.positionals.length > 0) throw new UsageError(`init takes options only, not ${parsed.positionals.join(' ')}`);
  const configPath = resolve(stringOption(parsed, 'config') ?? readEnvironment(io.variables).configPath);
  const envExamplePath = join(dirname(configPath), '.env.example');
  const force = parsed.options.has('force');
  // Checked before asking anything: nobody answers three questions to be told the file exists.
  for (const path of [configPath, envExamplePath]) {
    if (!force && (await exists(path))) {
      io.output.write(`${path} already exists; nothing was written. Pass --force to overwrite it.\n`);
      return 1;
    }
  }
  const choices = await choose(parsed, io.ask);
  const files = starterFiles(choices);
  await mkdir(dirname(configPath), { recursive: true });
  await writeFile(configPath, files.config, 'utf8');
  await writeFile(envExamplePath, files.envExample, 'utf8');
  io.output.write(`Wrote ${configPath} and ${envExamplePath} (${choices.type}, ${choices.provider}).\n`);
  if (parsed.options.has('no-check')) return 0;
  io.output.write('Checking it (datathread check):\n');
  return io.check(configPath);
}
