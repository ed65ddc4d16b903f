// The document model the channel renderers walk: Markdown runs, charts with a display_chart config,
// tables, and grids with children and widths.
import { describe, expect, it } from 'vitest';
import { parseStoryDocument } from '../../src/stories/parse-story-document.js';
import { storyCharts, storyTables, walkStoryNodes } from '../../src/stories/story-document.js';

const report = [
  '# Sales',
  '',
  'North leads.',
  '',
  '<grid widths="3,1">',
  `<chart query_id="query_a" chart_type="bar" x_axis_key="region" series='[{"data_key":"total","label":"Total"}]' title="By region" />`,
  '<chart query_id="query_b" chart_type="kpi_card" data_key="orders" title="Orders" />',
  '</grid>',
  '',
  '<table query_id="query_a" title="Detail" />',
  '',
  '| a | <table query_id="x" /> |',
  '| - | - |',
].join('\n');

describe('parseStoryDocument', () => {
  it('splits a report into Markdown, a grid of two charts and a table, with keys and positions', () => {
    const nodes = parseStoryDocument(report);
    expect(nodes.map((node) => [node.type, node.key])).toEqual([
      ['markdown', 'markdown-1'],
      ['grid', 'grid-1'],
      ['table', 'table-1'],
      ['markdown', 'markdown-2'],
    ]);
    expect(nodes[0]).toEqual({ type: 'markdown', key: 'markdown-1', markdown: '# Sales\n\nNorth leads.' });
    const grid = nodes[1]!;
    expect(grid).toMatchObject({ type: 'grid', line: 5, column: 1, cols: 2, widths: [3, 1] });
    expect(grid.type === 'grid' && grid.children.map((child) => child.key)).toEqual(['chart-1', 'chart-2']);
    expect(storyCharts(nodes)[0]).toMatchObject({
      type: 'chart',
      queryId: 'query_a',
      title: 'By region',
      line: 6,
      column: 1,
      config: { query_id: 'query_a', chart_type: 'bar', x_axis_key: 'region', x_axis_type: null, series: [{ data_key: 'total', label: 'Total' }], title: 'By region' },
    });
    expect(storyCharts(nodes)[1]!.config).toMatchObject({ chart_type: 'kpi_card', x_axis_key: null, series: [{ data_key: 'orders' }] });
    expect(storyTables(nodes)).toEqual([
      { type: 'table', key: 'table-1', queryId: 'query_a', title: 'Detail', line: 10, column: 1, rawTag: '<table query_id="query_a" title="Detail" />' },
    ]);
    expect(nodes[3]).toMatchObject({ type: 'markdown', markdown: '| a | <table query_id="x" /> |\n| - | - |' });
  });

  it('nests grids, takes cols from the attribute (else 2) and gives every child width 1 without widths', () => {
    const nodes = parseStoryDocument(
      ['<grid cols="3">', 'Left text', '<grid>', '<table query_id="q1" />', '</grid>', '<table query_id="q2" />', '</grid>'].join('\n'),
    );
    const outer = nodes[0]!;
    if (outer.type !== 'grid') throw new Error('expected a grid');
    expect(outer).toMatchObject({ cols: 3, widths: [1, 1, 1] });
    expect(outer.children.map((child) => child.type)).toEqual(['markdown', 'grid', 'table']);
    expect(outer.children[1]).toMatchObject({ type: 'grid', key: 'grid-2', cols: 2, widths: [1] });
    expect([...walkStoryNodes(nodes)].map((node) => node.key)).toEqual(['grid-1', 'markdown-1', 'grid-2', 'table-1', 'table-2']);
  });

  it('is lenient with code it cannot draw: such tags vanish, a stray </grid> stays text', () => {
    expect(parseStoryDocument('<chart query_id="q" />\nText\n</grid>')).toEqual([{ type: 'markdown', key: 'markdown-1', markdown: 'Text\n</grid>' }]);
  });
});
