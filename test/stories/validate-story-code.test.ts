// nao's story-validation cases, with nao's messages, plus the cases nao leaves out (stray </grid>,
// tags in code). Every error names the line and column of its tag.
import { describe, expect, it } from 'vitest';
import { formatStoryValidationError, validateStoryCode } from '../../src/stories/validate-story-code.js';

const chart = (queryId: string, rest = 'chart_type="line" x_axis_key="x" data_key="y" title="t"') => `<chart query_id="${queryId}" ${rest} />`;
const messages = (code: string) => validateStoryCode(code).map((error) => error.message);

describe('validateStoryCode: valid reports', () => {
  it('accepts a report with charts, a table and a grid', () => {
    const code = [
      '# Revenue report',
      '',
      'Some markdown content here.',
      '',
      `<chart query_id="q1" chart_type="line" x_axis_key="month" series='[{"data_key":"revenue"}]' title="Revenue" />`,
      '',
      '<table query_id="q2" title="Details" />',
      '',
      '<grid cols="2">',
      '<chart query_id="q3" chart_type="bar" x_axis_key="day" data_key="count" title="Counts" />',
      '<chart query_id="q4" chart_type="pie" x_axis_key="category" data_key="value" title="Shares" />',
      '</grid>',
    ].join('\n');
    expect(validateStoryCode(code)).toEqual([]);
  });

  it('accepts plain Markdown', () => {
    expect(validateStoryCode('# title\n\nHello **world**!')).toEqual([]);
  });

  it('accepts the donut chart type, a kpi_card without x_axis_key and attribute values holding "/", ">" and "]"', () => {
    expect(validateStoryCode(chart('q1', 'chart_type="donut" x_axis_key="month" data_key="revenue" title="x"'))).toEqual([]);
    expect(validateStoryCode('<chart query_id="q1" chart_type="kpi_card" data_key="revenue" title="Revenue" />')).toEqual([]);
    expect(validateStoryCode(chart('q1', `chart_type="line" x_axis_key="week" series='[{"data_key":"orders","label":"a]b"}]' title="13/07 > plan"`))).toEqual([]);
    expect(validateStoryCode(chart('q1', `chart_type="line" x_axis_key="m" series='[{"data_key":"rev","label":"Disc\\\\Rebate"}]' title="x"`))).toEqual([]);
  });

  it('accepts widths matching the children, grids without widths, and nested grids', () => {
    expect(validateStoryCode(['<grid widths="3,1">', chart('a'), chart('b'), '</grid>'].join('\n'))).toEqual([]);
    expect(validateStoryCode(['<grid cols="2">', chart('a'), chart('b'), '</grid>'].join('\n'))).toEqual([]);
    expect(validateStoryCode(['<grid cols="2">', '<grid cols="1">', chart('a'), '</grid>', chart('b'), '</grid>'].join('\n'))).toEqual([]);
  });
});

describe('validateStoryCode: charts', () => {
  it('flags missing required attributes', () => {
    expect(messages('<chart query_id="q1" />')).toContain('Chart is missing required attributes: chart_type, x_axis_key.');
    expect(messages('<chart chart_type="bar" x_axis_key="m" data_key="v" />')).toEqual(['Chart is missing required attribute: query_id.']);
  });

  it('flags an invalid chart_type and x_axis_type', () => {
    const invalidType = messages(chart('q1', 'chart_type="bubble" x_axis_key="month" data_key="revenue" title="x"'));
    expect(invalidType).toHaveLength(1);
    expect(invalidType[0]).toMatch(/^Invalid chart_type "bubble"\. Valid types: bar, stacked_bar, .*radar\.$/);
    expect(messages(chart('q1', 'chart_type="line" x_axis_key="month" x_axis_type="bogus" data_key="revenue" title="x"'))).toEqual([
      'Invalid x_axis_type "bogus". Valid values: date, number, category.',
    ]);
  });

  it('flags series that are missing, not JSON, empty, or without data_key', () => {
    expect(messages(chart('q1', 'chart_type="line" x_axis_key="month" title="x"'))).toEqual([
      'Chart must define either a `series=[...]` array or a `data_key` attribute.',
    ]);
    expect(messages(chart('q1', 'chart_type="line" x_axis_key="month" series="[not json" title="x"'))).toEqual([
      'Chart `series` attribute must be a valid JSON array.',
    ]);
    expect(messages(chart('q1', 'chart_type="line" x_axis_key="month" series="[]" title="x"'))).toEqual([
      'Chart `series` attribute must be a non-empty JSON array.',
    ]);
    expect(messages(chart('q1', `chart_type="line" x_axis_key="month" series='[{"color":"red"}]' title="x"`))).toEqual([
      'Each chart series entry must be an object with a string `data_key` property.',
    ]);
    expect(messages(chart('q1', `chart_type="mixed" x_axis_key="m" series='[{"data_key":"a","series_type":"pie"}]'`))).toEqual([
      'Invalid series `series_type` "pie". Valid values: bar, line, area.',
    ]);
  });

  it('flags a <chart> that is not self-closing or not closed at all', () => {
    expect(messages('<chart query_id="q1" chart_type="line" x_axis_key="month" data_key="revenue" title="x">')).toEqual([
      '<chart> tag must be self-closing — use "/>" instead of ">".',
    ]);
    expect(messages('Intro\n<chart query_id="q1" chart_type="line"\n\nMore text')).toEqual([
      '<chart> tag is not properly closed — did you forget "/>"?',
    ]);
  });

  it('does not let an unclosed <grid …> swallow the chart on the next line', () => {
    const errors = validateStoryCode(`<grid cols="2"\n${chart('q1')}\n</grid>`);
    expect(errors.map((error) => [error.line, error.message])).toEqual([
      [1, '<grid> tag is not properly closed — did you forget ">"?'],
      [3, '</grid> closing tag has no matching <grid> opening tag.'],
    ]);
  });
});

describe('validateStoryCode: tables', () => {
  it('flags a table without query_id, and one that is not self-closing', () => {
    expect(messages('<table title="Orders" />')).toEqual(['Table is missing required attribute: query_id.']);
    expect(messages('<table query_id="q" title="t">')).toEqual(['<table> tag must be self-closing — use "/>" instead of ">".']);
  });

  it('treats tags inside Markdown table cells (and code) as text', () => {
    expect(validateStoryCode('| foo | bar |\n| --- | --- |\n| 1 | 2 |')).toEqual([]);
    expect(validateStoryCode('| a | <table query_id="q" /> |\n| - | - |\n| 1 | <chart query_id="x" /> |')).toEqual([]);
    expect(validateStoryCode('Write `<chart query_id="q" />` to embed.\n\n```\n<table title="x">\n```')).toEqual([]);
  });

  it('still checks a <table> that follows a Markdown table', () => {
    const errors = validateStoryCode(['| a | b |', '| - | - |', '| 1 | 2 |', '', '<table title="Oops" />'].join('\n'));
    expect(errors).toEqual([{ message: 'Table is missing required attribute: query_id.', line: 5, column: 1, length: 22 }]);
  });
});

describe('validateStoryCode: grids', () => {
  it('flags a <grid> without </grid>, and a </grid> without <grid>', () => {
    expect(messages(`<grid cols="2">\n${chart('q1')}`)).toEqual(['<grid> tag is missing a matching </grid> closing tag.']);
    expect(messages(`${chart('q1')}\n</grid>`)).toEqual(['</grid> closing tag has no matching <grid> opening tag.']);
  });

  it('flags cols outside 1–4', () => {
    expect(messages('<grid cols="12">\n</grid>')).toEqual(['Grid `cols` must be an integer between 1 and 4 (got "12").']);
    expect(messages('<grid cols="0">\n</grid>')).toEqual(['Grid `cols` must be an integer between 1 and 4 (got "0").']);
  });

  it('flags widths that are not positive integers, or do not match the number of children', () => {
    expect(messages(['<grid widths="1.5,-1">', chart('a'), chart('b'), '</grid>'].join('\n'))).toEqual([
      'Grid `widths` must be a comma-separated list of positive integers.',
    ]);
    expect(messages(['<grid widths="3">', chart('a'), chart('b'), '</grid>'].join('\n'))).toEqual([
      'Grid `widths` has 1 values but the grid has 2 columns.',
    ]);
  });
});

describe('validateStoryCode: positions', () => {
  it('reports the line and column of an error on line 5', () => {
    const code = ['# intro', '', 'some text', '', '  <chart query_id="q" />'].join('\n');
    const [error] = validateStoryCode(code);
    expect(error).toMatchObject({ line: 5, column: 3, message: 'Chart is missing required attributes: chart_type, x_axis_key.' });
    expect(formatStoryValidationError(error!)).toBe('Line 5, column 3: Chart is missing required attributes: chart_type, x_axis_key.');
  });

  it('sorts several errors by position', () => {
    const code = ['<grid cols="9">', '<table title="x" />', '</grid>', '<chart query_id="q" chart_type="bubble" x_axis_key="m" data_key="v" />'].join('\n');
    expect(validateStoryCode(code).map((error) => [error.line, error.column])).toEqual([[1, 1], [2, 1], [4, 1]]);
  });
});
