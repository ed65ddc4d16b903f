// Byte counts as people read them in a warehouse's bill (decimal units: 1 GB = 10^9 bytes, as
// BigQuery and Athena price them).
const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB', 'PB'];

export function formatByteCount(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return unit === 0 ? `${value} bytes` : `${value.toFixed(value < 10 ? 2 : 1)} ${UNITS[unit]}`;
}
