// In the terminal the answer is the output: the JSON log lines the server writes (a turn that
// failed, a database that allows writes) would bury it on stderr. Commands that run turns log only
// with --verbose, at LOG_LEVEL's level; what went wrong still reaches the person in the answer.
import type { Bootstrapped } from '../config/bootstrap.js';
import { silentLogger, type Logger } from '../logging/logger.js';
import type { ParsedArguments } from './arguments.js';

export function terminalLogger(parsed: ParsedArguments, started: Bootstrapped): Logger {
  return parsed.options.has('verbose') ? started.logger : silentLogger;
}
