// What a database's generated README remembers about the catalog it was written from: the
// dialect's cheap fingerprint plus every setting that shapes the files. When the next sync finds
// the same one, nothing is read from the warehouse. Sampled values and dbt descriptions come from
// outside the catalog, so a database using either has no fingerprint and is always read in full.
import type { DatabaseConfig } from '../databases/database-config.js';
import type { DatabaseAdapter } from '../databases/types.js';
import { catalogReaderFor } from '../databases/dialect-runtime.js';
import type { CatalogReader } from '../databases/table-metadata.js';
import { contentHash } from './generated-header.js';
import { catalogQueryRunner } from '../databases/table-metadata.js';

/** Raised whenever the files sync renders change shape, so an unchanged warehouse is still rewritten once. */
const RENDERED_FORMAT_VERSION = 1;

/** True when a sync of this database may skip reading an unchanged catalog. */
export function mayHaveCatalogFingerprint(config: DatabaseConfig, reader: CatalogReader | undefined): boolean {
  return !config.sync?.sample_values && !config.sync?.dbt && reader?.fingerprint !== undefined;
}

export async function catalogFingerprint(config: DatabaseConfig, adapter: DatabaseAdapter): Promise<string | undefined> {
  const reader = await catalogReaderFor(config, adapter);
  if (!mayHaveCatalogFingerprint(config, reader)) return undefined;
  const dialectFingerprint = await reader?.fingerprint?.(catalogQueryRunner(adapter), config);
  if (dialectFingerprint === undefined) return undefined;
  const settings = [RENDERED_FORMAT_VERSION, config.name, config.type, config.auth_mode, config.sync?.exclude_columns ?? []];
  return contentHash(JSON.stringify([...settings, dialectFingerprint]));
}
