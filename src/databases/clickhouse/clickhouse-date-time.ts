// ClickHouse prints a DateTime or DateTime64 as wall-clock text (`2024-01-02 03:04:05.123`) in the
// column's time zone: the one its type names (`DateTime64(3, 'Europe/Paris')`), else the server's.
// A type that names its zone holds an instant, so it becomes that instant in UTC with Z, as every
// adapter writes a zoned timestamp; a type without one is shown as the server shows it, in the ISO
// form of a timestamp without a zone.
import { formatTimestamp, normalizeNaiveTimestampText } from '../normalize-value.js';

const DATE_TIME_TYPE = /^(?:nullable\()?datetime(?:64)?(?:\(\s*(?:\d+\s*)?,?\s*(?:'([^']+)')?\s*\))?\)?$/;

/** The zone a DateTime type names ('' when it names none), or null when the type is no DateTime. */
export function dateTimeZone(lowerCaseType: string): string | null {
  const match = DATE_TIME_TYPE.exec(lowerCaseType);
  return match ? (match[1] ?? '') : null;
}

function zoneOffsetMs(zone: string, instantMs: number): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }).formatToParts(new Date(instantMs));
  const part = (type: string) => Number(parts.find((entry) => entry.type === type)?.value);
  const wallMs = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wallMs - Math.floor(instantMs / 1000) * 1000;
}

/** Wall-clock text in `zone` as the instant in UTC (`…Z`); text of another shape is kept as it came. */
export function zonedWallTimeToUtc(text: string, zone: string): string | null {
  const iso = normalizeNaiveTimestampText(text);
  const asIfUtcMs = Date.parse(`${iso}Z`);
  if (Number.isNaN(asIfUtcMs)) return text;
  // The offset at the wall time read as UTC, then again at the instant it gives (a day with a
  // daylight-saving change has two offsets).
  const firstGuessMs = asIfUtcMs - zoneOffsetMs(zone, asIfUtcMs);
  return formatTimestamp(new Date(asIfUtcMs - zoneOffsetMs(zone, firstGuessMs)));
}
