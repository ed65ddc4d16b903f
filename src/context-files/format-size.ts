// Sizes for the model: 512 B, 1.2 KB, 3.4 MB.

const UNITS = ['B', 'KB', 'MB', 'GB'];

export function formatSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} KB`.replace('KB', UNITS[unit]!);
}
