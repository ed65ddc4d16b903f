// A small structured logger: one JSON line per event on stderr, so operators can grep and ship it.
// Secrets registered at start-up (API keys, tokens, passwords) are masked in every line, whatever
// code path tried to log them.

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

const LEVEL_ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const MINIMUM_SECRET_LENGTH = 6;

export interface LoggerOptions {
  level?: LogLevel;
  secrets?: Iterable<string | undefined>;
  write?: (line: string) => void;
  now?: () => Date;
}

export function maskSecrets(text: string, secrets: readonly string[]): string {
  let masked = text;
  for (const secret of secrets) masked = masked.split(secret).join('[redacted]');
  return masked;
}

/** How deep a chain of causes is followed; deeper ones (or a cycle) end in a note. */
const MAX_CAUSE_DEPTH = 5;

/** A string or number `code` (ours, Node's ECONNREFUSED, a driver's SQLSTATE) helps grouping in the log. */
function codeOf(error: Error): string | number | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' || typeof code === 'number' ? code : undefined;
}

function describeCause(cause: unknown, depth: number): unknown {
  if (!(cause instanceof Error)) return typeof cause === 'object' && cause !== null ? String(cause) : cause;
  if (depth >= MAX_CAUSE_DEPTH) return `${cause.name}: ${cause.message} (further causes left out)`;
  return describeError(cause, depth + 1);
}

/** Name, code, message, stack and the chain of causes; other properties (request bodies, headers) stay out. */
function describeError(error: Error, depth = 0): LogFields {
  const fields: LogFields = { name: error.name, message: error.message };
  const code = codeOf(error);
  if (code !== undefined) fields.code = code;
  if (error.stack) fields.stack = error.stack;
  if (error.cause !== undefined) fields.cause = describeCause(error.cause, depth);
  return fields;
}

function serialise(fields: LogFields | undefined): LogFields {
  if (!fields) return {};
  const result: LogFields = {};
  for (const [key, value] of Object.entries(fields)) {
    result[key] = value instanceof Error ? describeError(value) : value;
  }
  return result;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const minimum = LEVEL_ORDER[options.level ?? 'info'];
  const secrets = [...(options.secrets ?? [])].filter(
    (secret): secret is string => typeof secret === 'string' && secret.length >= MINIMUM_SECRET_LENGTH,
  );
  const write = options.write ?? ((line: string) => process.stderr.write(`${line}\n`));
  const now = options.now ?? (() => new Date());
  const log = (level: LogLevel, message: string, fields?: LogFields) => {
    if (LEVEL_ORDER[level] < minimum) return;
    const line = JSON.stringify({ time: now().toISOString(), level, message, ...serialise(fields) });
    write(maskSecrets(line, secrets));
  };
  return {
    debug: (message, fields) => log('debug', message, fields),
    info: (message, fields) => log('info', message, fields),
    warn: (message, fields) => log('warn', message, fields),
    error: (message, fields) => log('error', message, fields),
  };
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
