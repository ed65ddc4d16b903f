// A byte count in Trino's data-size format for a session property (`10GB`, `512MB`, `1000B`).
// Trino's units are binary (1kB = 1024 bytes); the largest unit that divides the count exactly is
// used, so the limit Trino enforces is exactly the configured number of bytes.
const UNITS = ['B', 'kB', 'MB', 'GB', 'TB', 'PB'] as const;

export function trinoDataSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (unit < UNITS.length - 1 && value % 1024 === 0 && value > 0) {
    value /= 1024;
    unit += 1;
  }
  return `${value}${UNITS[unit]}`;
}
