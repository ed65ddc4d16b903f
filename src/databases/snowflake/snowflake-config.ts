// Snowflake's own keys of a `databases:` entry (nao's field names).
import { z } from 'zod';

export const snowflakeConfigFields = {
  /** The account identifier (orgname-account); defaults to the first label of host. */
  account_id: z.string().min(1).optional(),
  /** The virtual warehouse queries run on. */
  warehouse: z.string().min(1).optional(),
  /** The role the session uses (a SELECT-only role; see README). */
  role: z.string().min(1).optional(),
  /** Key-pair authentication for the shared account (a PKCS#8 PEM file). */
  private_key_path: z.string().min(1).optional(),
};
