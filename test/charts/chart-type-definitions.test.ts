// The chart-type record is the one place a chart type is declared: the compiler refuses a type
// without a builder or rules, and display_chart's description lists exactly the record's types.
import { describe, expect, it } from 'vitest';
import { chartTypes, type ChartType } from '../../src/charts/chart-config.js';
import { chartTypeDefinitions, type ChartTypeDefinition } from '../../src/charts/chart-types.js';
import { createDisplayChartTool } from '../../src/tools/display-chart.js';
import type { ToolContext } from '../../src/tools/tool-context.js';

describe('chart type definitions', () => {
  it('refuse at compile time a chart type without a definition or a builder', () => {
    // A new name in the ChartType union with no entry in the record does not compile.
    // @ts-expect-error 'waterfall' is missing from chartTypeDefinitions
    const withNewType: Record<ChartType | 'waterfall', ChartTypeDefinition> = chartTypeDefinitions;
    // A definition without its Vega-Lite spec builder does not compile.
    // @ts-expect-error buildSpec is required
    const withoutBuilder: ChartTypeDefinition = { description: '', xAxisRequired: true, checkConfig: () => undefined, checkRows: () => undefined };
    expect(Object.keys(withNewType).sort()).toEqual([...chartTypes].sort());
    expect(withoutBuilder.buildSpec).toBeUndefined();
  });

  it('give display_chart its list of chart types, each exactly once and with its note', () => {
    const description = String(createDisplayChartTool({} as ToolContext).description);
    const line = description.split('\n').find((candidate) => candidate.startsWith('Chart types: '));
    expect(line).toBeDefined();
    const listed = (line ?? '').replace(/^Chart types: /, '').replace(/\.$/, '').split(/, (?![^(]*\))/);
    expect(listed.map((entry) => entry.replace(/ \(.*\)$/, ''))).toEqual([...chartTypes]);
    expect(listed).toContain('stacked_bar_100 (shares of 100 %)');
    expect(listed).toContain('scatter (numeric or date X)');
  });
});
