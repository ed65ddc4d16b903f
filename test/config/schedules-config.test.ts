// `schedules:` in datathread.yaml: the defaults a server's scheduler uses, and the key named with a
// fix when a zone is not an IANA name.
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config/config-error.js';
import { readEnvironment } from '../../src/config/environment.js';
import { parseConfigText } from '../../src/config/load-config.js';

const DATABASES = 'databases:\n  - name: shop\n    type: duckdb\n    path: shop.duckdb\n';

function parse(text: string) {
  return parseConfigText(text, 'datathread.yaml', readEnvironment({}));
}

function problemsOf(text: string): string[] {
  try {
    parse(text);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems.map((problem) => `${problem.key}: ${problem.problem}`);
    throw error;
  }
  return [];
}

describe('schedules settings', () => {
  it('defaults to UTC and pausing after 3 failures in a row', () => {
    expect(parse(DATABASES).schedules).toEqual({ defaultTimeZone: 'UTC', pauseAfterFailures: 3 });
  });

  it('reads the default zone and the failures that pause a schedule', () => {
    const config = parse(`${DATABASES}schedules:\n  default_timezone: Europe/Berlin\n  pause_after_failures: 5\n`);
    expect(config.schedules).toEqual({ defaultTimeZone: 'Europe/Berlin', pauseAfterFailures: 5 });
  });

  it('names the key when the zone is not an IANA name or the count is not a whole number from 1', () => {
    expect(problemsOf(`${DATABASES}schedules:\n  default_timezone: Berlin Time\n`)).toEqual(['schedules.default_timezone: is not an IANA time zone name (e.g. "Europe/Berlin")']);
    expect(problemsOf(`${DATABASES}schedules:\n  pause_after_failures: 0\n`)).toHaveLength(1);
    expect(problemsOf(`${DATABASES}schedules:\n  pause_after_failures: 0\n`)[0]).toMatch(/^schedules\.pause_after_failures: /);
  });
});
