// The parts of dbt's target/manifest.json (schema v12, dbt 1.8+; older versions share these
// fields) that sync reads: model nodes and the generic tests attached to their columns. Every
// other field is ignored, so newer manifests still read.
import { z } from 'zod';

const text = z.string().nullish();

const manifestColumn = z.object({ name: z.string(), description: text });

export const manifestModelNode = z.object({
  resource_type: z.literal('model'),
  unique_id: z.string(),
  name: z.string(),
  database: text,
  schema: z.string(),
  alias: text,
  description: text,
  columns: z.record(z.string(), manifestColumn).nullish(),
});

export const manifestTestNode = z.object({
  resource_type: z.literal('test'),
  test_metadata: z.object({ name: z.string(), kwargs: z.record(z.string(), z.unknown()).nullish() }).nullish(),
  column_name: text,
  attached_node: text,
  depends_on: z.object({ nodes: z.array(z.string()).nullish() }).nullish(),
});

export const dbtManifestSchema = z.object({
  metadata: z.object({ dbt_schema_version: z.string().regex(/\/manifest\//, 'not a manifest schema') }),
  nodes: z.record(z.string(), z.object({ resource_type: z.string() }).loose()),
});
