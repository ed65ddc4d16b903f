// Snowflake warehouse sizes, smallest first, and the check behind `max_warehouse_size`: Snowflake
// has no per-query bytes limit, but a warehouse's size sets the credits it burns per hour, so a
// session whose current warehouse is larger than the configured size is refused before it runs
// anything. SHOW WAREHOUSES prints sizes as `X-Small`, `2X-Large`; ALTER WAREHOUSE takes `XSMALL`,
// `XXLARGE`, `X2LARGE`: every spelling maps to one rank.
import { DatathreadError } from '../../support/errors.js';

export const SNOWFLAKE_WAREHOUSE_SIZES = ['XSMALL', 'SMALL', 'MEDIUM', 'LARGE', 'XLARGE', '2XLARGE', '3XLARGE', '4XLARGE', '5XLARGE', '6XLARGE'] as const;

const ALIASES: Record<string, string> = { XXLARGE: '2XLARGE', XXXLARGE: '3XLARGE', X2LARGE: '2XLARGE', X3LARGE: '3XLARGE', X4LARGE: '4XLARGE', X5LARGE: '5XLARGE', X6LARGE: '6XLARGE' };

/** 0 for X-Small up to 9 for 6X-Large; undefined for a name Snowflake does not use. */
export function warehouseSizeRank(size: string): number | undefined {
  const compact = size.toUpperCase().replace(/[-_\s]/g, '');
  const rank = SNOWFLAKE_WAREHOUSE_SIZES.indexOf((ALIASES[compact] ?? compact) as (typeof SNOWFLAKE_WAREHOUSE_SIZES)[number]);
  return rank < 0 ? undefined : rank;
}

export class WarehouseSizeRefusedError extends DatathreadError {
  override readonly name = 'WarehouseSizeRefusedError';
  readonly code = 'warehouse_size_refused';
  constructor(
    readonly databaseName: string,
    detail: string,
  ) {
    super(`Database "${databaseName}" refused: ${detail}`);
  }
}

/** The rows the session's current warehouse and SHOW WAREHOUSES gave; throws when the size is over the cap or cannot be known. */
export function checkWarehouseSize(databaseName: string, maxSize: string, warehouse: string | undefined, listed: readonly Record<string, unknown>[]): void {
  if (!warehouse) throw new WarehouseSizeRefusedError(databaseName, `the session has no current warehouse, so its size cannot be checked against max_warehouse_size (${maxSize}). Set \`warehouse\` to one this role may use.`);
  const size = listed.find((row) => String(row.name ?? '').toUpperCase() === warehouse.toUpperCase())?.size;
  const rank = typeof size === 'string' ? warehouseSizeRank(size) : undefined;
  if (rank === undefined) throw new WarehouseSizeRefusedError(databaseName, `SHOW WAREHOUSES does not tell the size of warehouse ${warehouse}, so it cannot be checked against max_warehouse_size (${maxSize}). Grant the role USAGE or MONITOR on it.`);
  if (rank > warehouseSizeRank(maxSize)!) {
    throw new WarehouseSizeRefusedError(
      databaseName,
      `warehouse ${warehouse} is ${String(size)}, larger than max_warehouse_size (${maxSize}), so no query runs on it. Resize it (ALTER WAREHOUSE ${warehouse} SET WAREHOUSE_SIZE = ${SNOWFLAKE_WAREHOUSE_SIZES[warehouseSizeRank(maxSize)!]}), name a smaller warehouse, or raise max_warehouse_size.`,
    );
  }
}
