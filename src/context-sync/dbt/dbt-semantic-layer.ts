// Semantic models and metrics from a parsed semantic_manifest.json, with each metric's time grain
// resolved: the metric's own (dbt 1.9 `time_granularity`), else the grain of the time dimension its
// measure aggregates over.
import type { DbtMetric, DbtSemanticModel } from './dbt-project.js';
import type { SemanticManifest } from './dbt-semantic-manifest-schema.js';

const present = (value: string | null | undefined) => value?.trim() || undefined;

export function dbtSemanticModels(manifest: SemanticManifest): DbtSemanticModel[] {
  return manifest.semantic_models.map((model) => ({
    name: model.name,
    description: present(model.description),
    schema: model.node_relation?.schema_name,
    relation: model.node_relation?.alias,
    defaultTimeDimension: present(model.defaults?.agg_time_dimension),
    measures: (model.measures ?? []).map((measure) => ({ name: measure.name, aggregation: measure.agg, expression: present(measure.expr), description: present(measure.description) })),
    dimensions: (model.dimensions ?? []).map((dimension) => ({
      name: dimension.name,
      type: dimension.type,
      description: present(dimension.description),
      expression: present(dimension.expr),
      timeGrain: present(dimension.type_params?.time_granularity),
    })),
  }));
}

function measureTimeGrain(measureName: string | undefined, manifest: SemanticManifest): string | undefined {
  for (const model of manifest.semantic_models) {
    const measure = model.measures?.find((candidate) => candidate.name === measureName);
    if (!measure) continue;
    const dimensionName = measure.agg_time_dimension ?? model.defaults?.agg_time_dimension;
    return present(model.dimensions?.find((dimension) => dimension.name === dimensionName)?.type_params?.time_granularity);
  }
  return undefined;
}

export function dbtMetrics(manifest: SemanticManifest): DbtMetric[] {
  return manifest.metrics.map((metric) => {
    const parameters = metric.type_params;
    const inputMetrics = [parameters.numerator?.name, parameters.denominator?.name, ...(parameters.metrics ?? []).map((input) => input.name)].filter((name): name is string => name !== undefined);
    const measure = parameters.measure?.name;
    return {
      name: metric.name,
      label: present(metric.label),
      description: present(metric.description),
      type: metric.type,
      measure,
      expression: present(parameters.expr),
      inputMetrics,
      filters: (metric.filter?.where_filters ?? []).map((filter) => filter.where_sql_template),
      timeGrain: present(metric.time_granularity) ?? measureTimeGrain(measure, manifest),
    };
  });
}
