// The semantic layer as context files: `semantics/metrics/<metric>.md` (what the metric measures,
// how it aggregates, its filter and time grain, and a link to the table file of the model it reads)
// and `semantics/dimensions.md` (every semantic model's dimensions). Paths are relative to the
// context folder; the sync engine writes them.
import type { DbtMetric, DbtProject, DbtSemanticModel } from './dbt-project.js';
import { generatedFile, pathSafeName, tableCell } from './generated-file-text.js';

export interface GeneratedContextFile {
  path: string;
  content: string;
}

/** From semantics/metrics/ or semantics/ up to the table file of `schema.relation`. */
function tableLink(model: DbtSemanticModel, databaseName: string, fromDirectoryDepth: number): string | undefined {
  if (!model.schema || !model.relation) return undefined;
  const up = '../'.repeat(fromDirectoryDepth);
  return `[\`${model.schema}.${model.relation}\`](${up}databases/${pathSafeName(databaseName)}/${pathSafeName(model.schema)}/${pathSafeName(model.relation)}.md)`;
}

function modelOfMeasure(project: DbtProject, measureName: string | undefined): DbtSemanticModel | undefined {
  return project.semanticModels.find((model) => model.measures.some((measure) => measure.name === measureName));
}

function metricBody(metric: DbtMetric, project: DbtProject, databaseName: string): string {
  const lines = [`# Metric: ${metric.name}`, '', metric.description ?? 'No description in dbt.', ''];
  if (metric.label) lines.push(`- Label: ${metric.label}`);
  lines.push(`- Type: ${metric.type}`);
  const model = modelOfMeasure(project, metric.measure);
  const measure = model?.measures.find((candidate) => candidate.name === metric.measure);
  if (metric.measure) {
    const how = measure ? ` (${measure.aggregation} of \`${measure.expression ?? measure.name}\`)` : '';
    lines.push(`- Measure: \`${metric.measure}\`${how}${model ? ` in semantic model \`${model.name}\`` : ''}`);
    if (measure?.description) lines.push(`- Measure description: ${measure.description}`);
  }
  if (metric.inputMetrics.length > 0) {
    const names = metric.inputMetrics.map((name) => `[\`${name}\`](${pathSafeName(name)}.md)`);
    lines.push(metric.type === 'ratio' ? `- Ratio: ${names[0]} / ${names[1] ?? '?'}` : `- Input metrics: ${names.join(', ')}`);
  }
  if (metric.expression) lines.push(`- Expression: \`${metric.expression}\``);
  for (const filter of metric.filters) lines.push(`- Filter: \`${filter}\``);
  if (metric.timeGrain) lines.push(`- Time grain: ${metric.timeGrain}`);
  const link = model && tableLink(model, databaseName, 2);
  if (link) lines.push(`- Table: ${link}`);
  return `${lines.join('\n')}\n`;
}

function dimensionsBody(project: DbtProject, databaseName: string): string {
  const lines = ['# Semantic layer dimensions', ''];
  for (const model of project.semanticModels) {
    if (model.dimensions.length === 0) continue;
    const link = tableLink(model, databaseName, 1);
    lines.push(`## ${model.name}`, '');
    if (model.description) lines.push(model.description, '');
    if (link) lines.push(`Table: ${link}`, '');
    lines.push('| Dimension | Type | Time grain | Expression | Description |', '|---|---|---|---|---|');
    for (const dimension of model.dimensions) {
      const expression = dimension.expression ? `\`${tableCell(dimension.expression)}\`` : '';
      lines.push(`| \`${dimension.name}\` | ${dimension.type} | ${dimension.timeGrain ?? ''} | ${expression} | ${tableCell(dimension.description)} |`);
    }
    lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** The metric files and the dimensions file; none when the project has no semantic layer. */
export function dbtSemanticFiles(project: DbtProject, databaseName: string): GeneratedContextFile[] {
  const files = project.metrics.map((metric) => ({
    path: `semantics/metrics/${pathSafeName(metric.name)}.md`,
    content: generatedFile(databaseName, metricBody(metric, project, databaseName)),
  }));
  if (project.semanticModels.some((model) => model.dimensions.length > 0)) {
    files.push({ path: 'semantics/dimensions.md', content: generatedFile(databaseName, dimensionsBody(project, databaseName)) });
  }
  return files;
}
