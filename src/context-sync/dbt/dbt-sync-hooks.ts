// The sync hooks for databases whose config names dbt artefacts (`sync.dbt`): each such database's
// tables get their dbt model, descriptions and column tests, and the run writes the semantic layer's
// metric and dimension files. Each manifest is read once per run.
import type { DatabaseConfig } from '../../databases/database-config.js';
import type { SyncHooks } from '../sync-hooks.js';
import { applyDbtProject } from './apply-dbt-project.js';
import { dbtSemanticFiles } from './dbt-semantic-files.js';
import { readDbtProject } from './read-dbt-project.js';

export function dbtSyncHooks(databases: readonly DatabaseConfig[]): SyncHooks {
  const withDbt = databases.filter((database) => database.sync?.dbt !== undefined);
  if (withDbt.length === 0) return {};
  const projects = new Map<string, ReturnType<typeof readDbtProject>>();
  const projectOf = (database: DatabaseConfig) => {
    const dbt = database.sync!.dbt!;
    let project = projects.get(database.name);
    if (!project) {
      project = readDbtProject({ manifest: dbt.manifest, semanticManifest: dbt.semantic_manifest });
      projects.set(database.name, project);
    }
    return project;
  };
  return {
    enrichTables: async (database, tables) => (database.sync?.dbt ? applyDbtProject(tables, await projectOf(database)) : tables),
    extraFiles: async () => (await Promise.all(withDbt.map(async (database) => dbtSemanticFiles(await projectOf(database), database.name)))).flat(),
  };
}
