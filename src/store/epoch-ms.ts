// Timestamps are stored as epoch milliseconds (BIGINT in both dialects), so Dates round-trip exactly.

export function epochMs(date: Date): number {
  return date.getTime();
}

export function optionalEpochMs(date: Date | null): number | null {
  return date === null ? null : date.getTime();
}
