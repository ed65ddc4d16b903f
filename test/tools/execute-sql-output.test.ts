import { describe, expect, it } from 'vitest';
import { renderExecuteSqlOutput, type ExecuteSqlOutput } from '../../src/tools/execute-sql-output.js';
import { renderReadQueryResultOutput } from '../../src/tools/read-query-result.js';

const columns = [
  { name: 'region', type: 'varchar' },
  { name: 'total', type: 'bigint' },
];

function ok(overrides: Partial<Extract<ExecuteSqlOutput, { status: 'ok' }>>): ExecuteSqlOutput {
  return { _version: '1', status: 'ok', queryId: 'query_abcd1234', databaseName: 'shop', columns, previewRows: [['North', 300]], rowCount: 1, truncated: false, rowCap: 10_000, limitReached: null, ...overrides };
}

describe('execute_sql as the model sees it', () => {
  it('renders the query id, columns and rows like nao', () => {
    expect(renderExecuteSqlOutput(ok({}))).toBe(
      ['Query ID: query_abcd1234', '', 'Columns (2):', '- region (varchar)', '- total (bigint)', '', 'Row (1):', '#1', '```', 'region: North', 'total: 300', '```'].join('\n'),
    );
  });

  it('says how to read the rest when more than 40 rows came back', () => {
    const rows = Array.from({ length: 40 }, (_, index) => [`r${index}`, index]);
    const text = renderExecuteSqlOutput(ok({ previewRows: rows, rowCount: 125 }));
    expect(text).toContain('Rows (125):');
    expect(text).toContain('#40\n```\nregion: r39\ntotal: 39\n```');
    expect(text.endsWith('...(85 more — call read_query_result with query_id "query_abcd1234" and offset 40 to see more)')).toBe(true);
  });

  it('warns that a reached LIMIT is not a total, and says when the row cap truncated', () => {
    expect(renderExecuteSqlOutput(ok({ limitReached: 1 }))).toContain(
      "Warning: the query's own LIMIT 1 was reached. 1 is the number of rows the LIMIT let through, not the total number of matching rows; use COUNT(*) without the LIMIT for a total.",
    );
    const capped = renderExecuteSqlOutput(ok({ rowCount: 10_000, truncated: true, previewRows: [['North', 1]] }));
    expect(capped).toContain('Rows (at least 10000):');
    expect(capped).toContain('Note: the result had more rows than the row cap (10000); only the first 10000 were kept.');
  });

  it('renders no rows, refusals and errors plainly', () => {
    expect(renderExecuteSqlOutput(ok({ previewRows: [], rowCount: 0 }))).toBe('Query ID: query_abcd1234\n\nThe query was successfully executed and returned no rows.');
    expect(renderExecuteSqlOutput({ _version: '1', status: 'refused', databaseName: 'shop', reason: 'Only read-only queries are allowed: DELETE statements change data.' })).toBe(
      'The query was refused and did not run on "shop". Only read-only queries are allowed: DELETE statements change data.\nOnly read-only queries can run: rewrite it as a SELECT.',
    );
    expect(renderExecuteSqlOutput({ _version: '1', status: 'error', message: 'Binder Error: column "x" not found' })).toBe('Error: Binder Error: column "x" not found');
  });

  it('cuts a huge cell in the middle so one value cannot flood the context', () => {
    const text = renderExecuteSqlOutput(ok({ previewRows: [['x'.repeat(1000), 1]] }));
    const line = text.split('\n').find((each) => each.startsWith('region: '))!;
    expect(line.length).toBe('region: '.length + 255);
    expect(line).toContain('…');
  });
});

describe('read_query_result as the model sees it', () => {
  it("uses nao's text for an unknown query id", () => {
    expect(renderReadQueryResultOutput({ _version: '1', success: false, error: 'No query result found for query_id "query_nope". Run execute_sql first and reference its Query ID.' })).toBe(
      'No query result found for query_id "query_nope". Run execute_sql first and reference its Query ID.',
    );
  });

  it('pages with row numbers and says what is left', () => {
    const text = renderReadQueryResultOutput({ _version: '1', success: true, queryId: 'query_abcd1234', columns, rows: [['South', 50]], offset: 1, totalRows: 3, truncated: false });
    expect(text).toBe(['Query ID: query_abcd1234', 'Rows 2–2 of 3:', '#2', '```', 'region: South', 'total: 50', '```', '...(1 more — call read_query_result with query_id "query_abcd1234" and offset 2 to see more)'].join('\n'));
  });
});
