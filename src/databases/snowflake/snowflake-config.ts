// Snowflake's own keys of a `databases:` entry (nao's field names).
import { z } from 'zod';
import { SNOWFLAKE_WAREHOUSE_SIZES, warehouseSizeRank } from './snowflake-warehouse-size.js';

export const snowflakeConfigFields = {
  /** The account identifier (orgname-account); defaults to the first label of host. */
  account_id: z.string().min(1).optional(),
  /** The virtual warehouse queries run on. */
  warehouse: z.string().min(1).optional(),
  /** The role the session uses (a SELECT-only role; see README). */
  role: z.string().min(1).optional(),
  /** Key-pair authentication for the shared account (a PKCS#8 PEM file). */
  private_key_path: z.string().min(1).optional(),
  /** The largest warehouse a session may run on (`SMALL`, `X-Small`, `2X-Large` …): a larger current warehouse is refused at each connection. */
  max_warehouse_size: z
    .string()
    .refine((size) => warehouseSizeRank(size) !== undefined, { message: `use a Snowflake warehouse size: ${SNOWFLAKE_WAREHOUSE_SIZES.join(', ')}` })
    .optional(),
};

/** Keys another type refuses: only Snowflake has warehouses with a size. */
export const SNOWFLAKE_ONLY_FIELDS = ['max_warehouse_size'] as const;
