// Models from a parsed manifest, each column with the generic tests dbt attaches to it (unique,
// not_null, accepted_values) as hints for the model writing SQL. A model node that does not have
// the shape dbt writes is an error naming the node.
import type { z } from 'zod';
import { DbtArtifactError } from './dbt-errors.js';
import { manifestModelNode, manifestTestNode, type dbtManifestSchema } from './dbt-manifest-schema.js';
import type { DbtColumn, DbtModel } from './dbt-project.js';

const HINT_TESTS = new Set(['unique', 'not_null', 'accepted_values']);

function testHint(name: string, kwargs: Record<string, unknown> | null | undefined): string {
  if (name !== 'accepted_values') return name;
  const values = Array.isArray(kwargs?.values) ? kwargs.values.map(String) : [];
  return `accepted_values: ${values.join(', ')}`;
}

/** `model.shop.orders` → column name → hints, from the manifest's test nodes. */
function columnTests(nodes: Record<string, unknown>): Map<string, Map<string, string[]>> {
  const tests = new Map<string, Map<string, string[]>>();
  for (const node of Object.values(nodes)) {
    const parsed = manifestTestNode.safeParse(node);
    if (!parsed.success || !parsed.data.test_metadata || !HINT_TESTS.has(parsed.data.test_metadata.name)) continue;
    const test = parsed.data;
    const kwargs = test.test_metadata!.kwargs;
    const column = test.column_name ?? (typeof kwargs?.column_name === 'string' ? kwargs.column_name : undefined);
    const model = test.attached_node ?? test.depends_on?.nodes?.find((id) => id.startsWith('model.'));
    if (!column || !model) continue;
    const byColumn = tests.get(model) ?? new Map<string, string[]>();
    tests.set(model, byColumn);
    byColumn.set(column, [...(byColumn.get(column) ?? []), testHint(test.test_metadata!.name, kwargs)]);
  }
  return tests;
}

export function dbtModels(manifest: z.infer<typeof dbtManifestSchema>, path: string): DbtModel[] {
  const tests = columnTests(manifest.nodes);
  const models: DbtModel[] = [];
  for (const [id, node] of Object.entries(manifest.nodes)) {
    if (node.resource_type !== 'model') continue;
    const parsed = manifestModelNode.safeParse(node);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new DbtArtifactError(`The dbt manifest ${path} is not in the shape dbt writes: nodes.${id}.${issue.path.map(String).join('.')}: ${issue.message}.`);
    }
    const model = parsed.data;
    const columnTestsOfModel = tests.get(model.unique_id) ?? new Map<string, string[]>();
    const columns: DbtColumn[] = Object.values(model.columns ?? {}).map((column) => ({
      name: column.name,
      description: column.description?.trim() || undefined,
      tests: columnTestsOfModel.get(column.name) ?? [],
    }));
    // Tests on columns the model's YAML does not document still give hints.
    for (const [name, hints] of columnTestsOfModel) if (!columns.some((column) => column.name === name)) columns.push({ name, tests: hints });
    models.push({
      uniqueId: model.unique_id,
      name: model.name,
      database: model.database ?? undefined,
      schema: model.schema,
      relation: model.alias || model.name,
      description: model.description?.trim() || undefined,
      columns,
    });
  }
  return models;
}
