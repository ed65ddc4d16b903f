// The parts of dbt's target/semantic_manifest.json (MetricFlow, dbt 1.6+) that sync reads:
// semantic models with their measures and dimensions, and metrics with their type parameters and
// filters. Every other field is ignored.
import { z } from 'zod';

const text = z.string().nullish();
const metricReference = z.object({ name: z.string(), filter: z.unknown().nullish() });

export const semanticManifestSchema = z.object({
  semantic_models: z.array(
    z.object({
      name: z.string(),
      description: text,
      node_relation: z.object({ alias: z.string(), schema_name: z.string(), database: text }).nullish(),
      defaults: z.object({ agg_time_dimension: text }).nullish(),
      measures: z.array(z.object({ name: z.string(), agg: z.string(), expr: text, description: text, agg_time_dimension: text })).nullish(),
      dimensions: z.array(z.object({ name: z.string(), type: z.string(), description: text, expr: text, type_params: z.object({ time_granularity: text }).nullish() })).nullish(),
    }),
  ),
  metrics: z.array(
    z.object({
      name: z.string(),
      label: text,
      description: text,
      type: z.string(),
      type_params: z.object({
        measure: metricReference.nullish(),
        numerator: metricReference.nullish(),
        denominator: metricReference.nullish(),
        expr: text,
        metrics: z.array(metricReference).nullish(),
      }),
      filter: z.object({ where_filters: z.array(z.object({ where_sql_template: z.string() })) }).nullish(),
      time_granularity: text,
    }),
  ),
});

export type SemanticManifest = z.infer<typeof semanticManifestSchema>;
