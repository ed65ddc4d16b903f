// BigQuery's own keys of a `databases:` entry (nao's field names, plus maximum_bytes_billed).
import { z } from 'zod';

export const bigqueryConfigFields = {
  project_id: z.string().min(1).optional(),
  dataset_id: z.string().min(1).optional(),
  /** A service-account key or workload-identity (external_account) JSON file; Application Default Credentials when absent. */
  credentials_path: z.string().min(1).optional(),
  /** The same JSON inline (as an object or a string); takes precedence over credentials_path. */
  credentials_json: z.union([z.string().min(1), z.record(z.string(), z.unknown())]).optional(),
  location: z.string().min(1).optional(),
  /** Bytes one query may scan (BigQuery bills by bytes processed); checked on a dry run first. */
  maximum_bytes_billed: z.coerce.number().int().positive().optional(),
};
