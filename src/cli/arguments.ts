// A tiny argument parser: positional words plus `--name value` / `--flag` options.
import { DatathreadError } from '../support/errors.js';

export interface ParsedArguments {
  positionals: string[];
  options: Map<string, string | true>;
}

export function parseArguments(argv: string[], valueOptions: readonly string[]): ParsedArguments {
  const positionals: string[] = [];
  const options = new Map<string, string | true>();
  for (let index = 0; index < argv.length; index += 1) {
    const word = argv[index]!;
    if (!word.startsWith('--')) {
      positionals.push(word);
      continue;
    }
    const [name, inlineValue] = word.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (inlineValue !== undefined) options.set(name, inlineValue);
    else if (valueOptions.includes(name)) {
      const value = argv[index + 1];
      if (value === undefined) throw new UsageError(`--${name} needs a value`);
      options.set(name, value);
      index += 1;
    } else options.set(name, true);
  }
  return { positionals, options };
}

export class UsageError extends DatathreadError {
  override readonly name = 'UsageError';
  readonly code = 'usage_invalid';
}
