// `sync.dbt`: reads target/manifest.json and target/semantic_manifest.json into a DbtProject. The
// semantic manifest is the one named, else the one dbt writes beside the manifest when it exists
// (dbt writes it only for projects with a semantic layer). A missing or malformed file is a
// DbtArtifactError naming it.
import { access } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { readDbtArtifact } from './dbt-artifact-file.js';
import { dbtManifestSchema } from './dbt-manifest-schema.js';
import { dbtModels } from './dbt-models.js';
import type { DbtProject } from './dbt-project.js';
import { semanticManifestSchema } from './dbt-semantic-manifest-schema.js';
import { dbtMetrics, dbtSemanticModels } from './dbt-semantic-layer.js';

export interface DbtProjectPaths {
  /** Path of target/manifest.json. */
  manifest: string;
  /** Path of semantic_manifest.json; when absent, the one beside the manifest is read if it exists. */
  semanticManifest?: string | undefined;
}

async function semanticManifestPath(paths: DbtProjectPaths): Promise<string | undefined> {
  if (paths.semanticManifest) return paths.semanticManifest;
  const beside = join(dirname(paths.manifest), 'semantic_manifest.json');
  return access(beside).then(
    () => beside,
    () => undefined,
  );
}

export async function readDbtProject(paths: DbtProjectPaths): Promise<DbtProject> {
  const manifest = await readDbtArtifact(paths.manifest, 'manifest', dbtManifestSchema);
  const models = dbtModels(manifest, paths.manifest);
  const semanticPath = await semanticManifestPath(paths);
  if (!semanticPath) return { models, semanticModels: [], metrics: [] };
  const semantic = await readDbtArtifact(semanticPath, 'semantic manifest', semanticManifestSchema);
  return { models, semanticModels: dbtSemanticModels(semantic), metrics: dbtMetrics(semantic) };
}
