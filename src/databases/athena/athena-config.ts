// Athena's own keys of a `databases:` entry (nao's field names).
import { z } from 'zod';

export const athenaConfigFields = {
  region_name: z.string().min(1).optional(),
  s3_staging_dir: z.string().regex(/^s3:\/\//, 'must be an s3:// location').optional(),
  work_group: z.string().min(1).optional(),
  aws_access_key_id: z.string().min(1).optional(),
  aws_secret_access_key: z.string().min(1).optional(),
  aws_session_token: z.string().min(1).optional(),
  profile_name: z.string().min(1).optional(),
  /** The data catalog queries read (Databricks has a key of the same name and shape). */
  catalog: z.string().min(1).optional(),
};
