// The contract every database adapter keeps, run against each dialect's engine or local server
// (fixtures in contract-fixtures/): result shape (duplicate and integer-like column names, empty
// results with their columns, NULLs, unicode), one normalisation of dates, timestamps, decimals and
// big integers, the row cap, timeout and cancel (also before the connection is open), and a refused write. A dialect is registered
// only with a fixture here.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DIALECT_NAMES } from '../../src/databases/dialects.js';
import { createDatabaseAdapter } from '../../src/databases/create-database-adapter.js';
import { DatabaseUnavailableError, QueryFailedError, QueryTimeoutError } from '../../src/databases/errors.js';
import { dialectRules } from '../../src/databases/dialects.js';
import { startHangingEndpoints, type HangingEndpoints } from '../support/hanging-endpoints.js';
import type { QueryRows, RunQueryOptions } from '../../src/databases/types.js';
import { CONTRACT_FIXTURES } from './contract-fixtures/index.js';
import { CONTRACT_NUMBER_COUNT, type ContractFixture, type ContractTarget, type ContractValueColumn } from './contract-fixtures/contract-fixture.js';
import { QUERY_OPTIONS } from './database-test-helpers.js';

const ROW_CAP = 1000;
const TIMEOUT_MS = 1000;
const SLOW_OPTIONS: RunQueryOptions = { rowCap: 10, timeoutMs: 60_000 };
const ABORT_AFTER_MS = 300;

/** What every adapter returns for ContractSql.values (see contract-fixture.ts for the inputs). */
const CANONICAL_VALUES: Record<ContractValueColumn, string | number> = {
  day: '2024-02-29',
  // ISO 8601 with milliseconds; no offset, since the value has none.
  at: '2024-01-02T03:04:05.123',
  whole: '2024-01-02T03:04:05.000',
  // Exact decimals as numbers; past what a double holds exactly, the digits as text.
  price: 12.5,
  huge: '12345678901234567890.5',
};

test('every registered dialect has a contract fixture', () => {
  expect(Object.keys(CONTRACT_FIXTURES).sort()).toEqual([...DIALECT_NAMES].sort());
  for (const [dialect, fixture] of Object.entries(CONTRACT_FIXTURES)) expect(fixture.dialect).toBe(dialect);
});

/** connect_timeout given to the adapters pointed at a connection that hangs. */
const HANGING_CONNECT_TIMEOUT_SECONDS = 1;

describe('every adapter opens its connection within connect_timeout', () => {
  let hanging: HangingEndpoints;

  beforeAll(async () => {
    hanging = await startHangingEndpoints();
  });

  afterAll(async () => {
    await hanging?.close();
  });

  // No engine is needed: the driver alone meets a server that accepts and never answers (or a file
  // that never opens), and must give up at the deadline with an error naming the database.
  test.each(Object.values(CONTRACT_FIXTURES).map((fixture) => [fixture.dialect, fixture] as const))(
    '%s: a connection that hangs ends in DatabaseUnavailableError naming the database, where and the deadline',
    async (dialect, fixture) => {
      const config = { ...fixture.hangingConfig(hanging), name: `hanging_${dialect}`, connect_timeout: HANGING_CONNECT_TIMEOUT_SECONDS };
      const where = dialectRules(dialect).location === 'file' ? hanging.path : `${hanging.host}:${hanging.port}`;
      const adapter = await createDatabaseAdapter(config);
      try {
        // The query timeout is far away: only connect_timeout can end this in time.
        const failure = adapter.runQuery('SELECT 1', { rowCap: 1, timeoutMs: 120_000 });
        await expect(failure).rejects.toBeInstanceOf(DatabaseUnavailableError);
        await expect(failure).rejects.toThrow(`Database "hanging_${dialect}" cannot be reached: no connection to ${where} within ${HANGING_CONNECT_TIMEOUT_SECONDS} s (connect_timeout)`);
      } finally {
        // An in-process engine still blocked opening the file (DuckDB opens it more than once) is let go until its close() finishes.
        const unblocking = setInterval(() => hanging.unblockFile(), 50);
        try {
          await adapter.close();
        } finally {
          clearInterval(unblocking);
        }
      }
    },
    30_000,
  );
});

function namesOf(result: QueryRows): string[] {
  return result.columns.map((column) => column.name);
}

const fixtures = await Promise.all(
  Object.values(CONTRACT_FIXTURES).map(async (fixture) => [fixture.dialect, fixture, await fixture.available()] as const),
);

describe.each(fixtures)('%s adapter contract', (dialect, fixture: ContractFixture, available) => {
  let target: ContractTarget;
  const run = (sql: string, options: RunQueryOptions = QUERY_OPTIONS) => target.adapter.runQuery(sql, options);

  beforeAll(async () => {
    if (available) target = await fixture.open();
  }, 90_000);

  afterAll(async () => {
    await target?.close();
  });

  describe.skipIf(!available)('results', () => {
    test('the adapter serves the fixture’s dialect', () => {
      expect(target.adapter.dialect).toBe(dialect);
    });

    test('two columns with the same name each keep their own value', async () => {
      if (fixture.duplicateNamesRefused) {
        // Never one value shown twice: the query fails with what to change.
        const failure = run(fixture.sql.duplicateNames);
        await expect(failure).rejects.toBeInstanceOf(QueryFailedError);
        await expect(failure).rejects.toThrow(fixture.duplicateNamesRefused.message);
        return;
      }
      const result = await run(fixture.sql.duplicateNames);
      expect(namesOf(result)).toEqual(['id', 'label', 'id']);
      expect(result.rows).toEqual([[1, 'a', 2]]);
    });

    test('integer-like column names keep their order and values', async () => {
      const result = await run(fixture.sql.integerLikeNames);
      expect(namesOf(result)).toEqual(['b', '2', '1']);
      expect(result.rows).toEqual([['a', 'x', 'y']]);
    });

    test('an empty result keeps its columns and their types', async () => {
      const withRow = await run(`${fixture.sql.typedSelect} WHERE id = 1`);
      const empty = await run(`${fixture.sql.typedSelect} WHERE id = 0`);
      expect(withRow.rows).toEqual([[7, 'x', 1.5, '2024-02-29']]);
      expect(empty.rows).toEqual([]);
      expect(empty).toMatchObject({ rowCount: 0, truncated: false });
      expect(namesOf(empty)).toEqual(['n', 'label', 'price', 'day']);
      expect(empty.columns).toEqual(withRow.columns);
      for (const column of empty.columns) expect(column.type).toMatch(/\S/);
    });

    test('NULLs of every type are null', async () => {
      const result = await run(fixture.sql.nulls);
      expect(namesOf(result)).toEqual(['n', 'label', 'day', 'price']);
      expect(result.rows).toEqual([[null, null, null, null]]);
    });

    test('unicode text and column names come back unchanged', async () => {
      const result = await run(fixture.sql.unicode);
      expect(namesOf(result)).toEqual(['prix €']);
      expect(result.rows).toEqual([['héllo wörld — 日本語 🎉']]);
    });

    test('dates, timestamps and decimals are normalised the same way', async () => {
      const result = await run(fixture.sql.values);
      const expected: Record<string, unknown> = { ...CANONICAL_VALUES };
      for (const [column, exception] of Object.entries(fixture.valueExceptions ?? {})) expected[column] = exception.value;
      expect(namesOf(result)).toEqual(Object.keys(CANONICAL_VALUES));
      expect(Object.fromEntries(namesOf(result).map((name, index) => [name, result.rows[0]?.[index]]))).toEqual(expected);
      expect(JSON.parse(JSON.stringify(result.rows))).toEqual(result.rows);
    });

    test('64-bit integers are numbers up to 2^53 and keep every digit past it', async () => {
      if (fixture.bigIntegerRefused) {
        // Never a wrong or missing number: the query fails with what to change.
        const failure = run(fixture.sql.integers);
        await expect(failure).rejects.toBeInstanceOf(QueryFailedError);
        await expect(failure).rejects.toThrow(fixture.bigIntegerRefused.message);
        return;
      }
      const result = await run(fixture.sql.integers);
      expect(namesOf(result)).toEqual(['big', 'small']);
      expect(result.rows).toEqual([['9007199254740993', 42]]);
    });

    // Only where the dialect has a zoned timestamp type (each fixture without one says why).
    const zonedTimestamp = fixture.sql.zonedTimestamp;
    if (zonedTimestamp) {
      test('a timestamp with a time zone is the instant in UTC, ending in Z', async () => {
        const result = await run(zonedTimestamp);
        expect(result.rows).toEqual([['2024-01-02T03:04:05.123Z']]);
      });
    }
  });

  describe.skipIf(!available)('limits', () => {
    test('the row cap stops the result and says it was truncated', async () => {
      const result = await run(fixture.sql.numbers, { rowCap: ROW_CAP, timeoutMs: 10_000 });
      expect(result).toMatchObject({ rowCount: ROW_CAP, truncated: true });
      expect(result.rows).toHaveLength(ROW_CAP);
      expect(result.rows[0]).toEqual([0]);
      expect(result.rows[ROW_CAP - 1]).toEqual([ROW_CAP - 1]);
    });

    test('a result of exactly the row cap is whole, not truncated', async () => {
      const result = await run(fixture.sql.numbers, { rowCap: CONTRACT_NUMBER_COUNT, timeoutMs: 10_000 });
      expect(result).toMatchObject({ rowCount: CONTRACT_NUMBER_COUNT, truncated: false });
      expect(result.rows.at(-1)).toEqual([CONTRACT_NUMBER_COUNT - 1]);
    });

    test('a query past its timeout fails as a timeout, and the next query runs', async () => {
      await expect(run(fixture.sql.slow, { ...SLOW_OPTIONS, timeoutMs: TIMEOUT_MS })).rejects.toBeInstanceOf(QueryTimeoutError);
      expect((await run(fixture.sql.countItems)).rows).toEqual([[3]]);
    }, 30_000);

    test('an abort stops the query with the caller’s reason, and the next query runs', async () => {
      const controller = new AbortController();
      const reason = new Error('stopped by the asker');
      const running = run(fixture.sql.slow, { ...SLOW_OPTIONS, signal: controller.signal });
      setTimeout(() => controller.abort(reason), ABORT_AFTER_MS);
      await expect(running).rejects.toBe(reason);
      expect((await run(fixture.sql.countItems)).rows).toEqual([[3]]);
    }, 30_000);

    test('an abort while the adapter is still opening its connection stops the query with the caller’s reason', async () => {
      const controller = new AbortController();
      const reason = new Error('stopped while connecting');
      const running = run(fixture.sql.slow, { ...SLOW_OPTIONS, signal: controller.signal });
      // Same tick: the adapter is still awaiting its connection, pool client or first request.
      controller.abort(reason);
      await expect(running).rejects.toBe(reason);
      expect((await run(fixture.sql.countItems)).rows).toEqual([[3]]);
    }, 30_000);

    test('an already aborted signal refuses to start the query', async () => {
      const controller = new AbortController();
      const reason = new Error('stopped before asking');
      controller.abort(reason);
      await expect(run(fixture.sql.slow, { ...SLOW_OPTIONS, signal: controller.signal })).rejects.toBe(reason);
      expect((await run(fixture.sql.countItems)).rows).toEqual([[3]]);
    }, 30_000);
  });

  describe.skipIf(!available)('read-only', () => {
    test('a write sent straight to the adapter is refused as a query error and changes nothing', async () => {
      await expect(run(fixture.sql.write)).rejects.toBeInstanceOf(QueryFailedError);
      expect((await run(fixture.sql.countItems)).rows).toEqual([[3]]);
    });
  });
});
