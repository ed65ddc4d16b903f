// What sync takes from a dbt project, in neutral terms: models with their descriptions and column
// test hints (from target/manifest.json), and the semantic layer's metrics and dimensions (from
// target/semantic_manifest.json). The readers fill it; applyDbtProject and dbtSemanticFiles read it.

export interface DbtColumn {
  name: string;
  description?: string | undefined;
  /** `unique`, `not_null`, `accepted_values: a, b`, in the order the manifest lists the tests. */
  tests: string[];
}

export interface DbtModel {
  uniqueId: string;
  /** The model's name (`orders`). */
  name: string;
  database?: string | undefined;
  schema: string;
  /** The relation the model builds: its alias, else its name. */
  relation: string;
  description?: string | undefined;
  columns: DbtColumn[];
}

export interface DbtMeasure {
  name: string;
  /** sum, count, count_distinct, average, min, max, median, percentile, sum_boolean. */
  aggregation: string;
  expression?: string | undefined;
  description?: string | undefined;
}

export interface DbtDimension {
  name: string;
  /** categorical or time. */
  type: string;
  description?: string | undefined;
  expression?: string | undefined;
  timeGrain?: string | undefined;
}

export interface DbtSemanticModel {
  name: string;
  description?: string | undefined;
  /** The dbt model it reads (schema and relation of the built table). */
  schema?: string | undefined;
  relation?: string | undefined;
  defaultTimeDimension?: string | undefined;
  measures: DbtMeasure[];
  dimensions: DbtDimension[];
}

export interface DbtMetric {
  name: string;
  label?: string | undefined;
  description?: string | undefined;
  /** simple, ratio, cumulative, derived, conversion. */
  type: string;
  /** The measure of a simple or cumulative metric. */
  measure?: string | undefined;
  /** A derived metric's expression over its input metrics. */
  expression?: string | undefined;
  /** The metrics a ratio or derived metric is built from (numerator first for a ratio). */
  inputMetrics: string[];
  /** The metric's own where filters, as written (`{{ Dimension('order__is_food_order') }} = true`). */
  filters: string[];
  timeGrain?: string | undefined;
}

export interface DbtProject {
  models: DbtModel[];
  semanticModels: DbtSemanticModel[];
  metrics: DbtMetric[];
}
