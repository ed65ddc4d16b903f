// Wall-clock time in a named time zone (`2024-01-02 03:04:05` in Europe/Paris) as the instant it
// names: how ClickHouse prints a DateTime in its column's zone, and how Trino and Athena print a
// timestamp whose zone is a region. A day with a daylight-saving change has two offsets, so the
// offset is looked up again at the instant the first guess gives.

/** How far `zone`'s clock is ahead of UTC at an instant (whole seconds). */
function zoneOffsetMs(zone: string, instantMs: number): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }).formatToParts(new Date(instantMs));
  const part = (type: string) => Number(parts.find((entry) => entry.type === type)?.value);
  const wallMs = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wallMs - Math.floor(instantMs / 1000) * 1000;
}

/**
 * The instant (milliseconds since the epoch) of a wall-clock time in `zone`, given that time read
 * as if it were UTC. Throws a RangeError for a zone name Intl does not know.
 */
export function instantOfWallTime(wallAsIfUtcMs: number, zone: string): number {
  const firstGuessMs = wallAsIfUtcMs - zoneOffsetMs(zone, wallAsIfUtcMs);
  return wallAsIfUtcMs - zoneOffsetMs(zone, firstGuessMs);
}
