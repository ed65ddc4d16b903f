// `sync.dbt`: reads target/manifest.json and, when given, target/semantic_manifest.json into a
// DbtProject. A missing or malformed file is a DbtArtifactError naming it.
import { readDbtArtifact } from './dbt-artifact-file.js';
import { dbtManifestSchema } from './dbt-manifest-schema.js';
import { dbtModels } from './dbt-models.js';
import type { DbtProject } from './dbt-project.js';
import { semanticManifestSchema } from './dbt-semantic-manifest-schema.js';
import { dbtMetrics, dbtSemanticModels } from './dbt-semantic-layer.js';

export interface DbtProjectPaths {
  /** Path of target/manifest.json. */
  manifest: string;
  /** Path of target/semantic_manifest.json (dbt 1.6+ with a semantic layer). */
  semanticManifest?: string | undefined;
}

export async function readDbtProject(paths: DbtProjectPaths): Promise<DbtProject> {
  const manifest = await readDbtArtifact(paths.manifest, 'manifest', dbtManifestSchema);
  const models = dbtModels(manifest, paths.manifest);
  if (!paths.semanticManifest) return { models, semanticModels: [], metrics: [] };
  const semantic = await readDbtArtifact(paths.semanticManifest, 'semantic manifest', semanticManifestSchema);
  return { models, semanticModels: dbtSemanticModels(semantic), metrics: dbtMetrics(semantic) };
}
