// Reads a recorded platform payload (test/channels/recordings/<platform>/<name>.json). A recording
// keeps the documented field structure; the values that must match the running test (the bot's
// own ids, the ts of a message the bot just posted, the fake connector's URL) are written as
// `{{name}}` and filled here: a string that is only a placeholder takes the value as it is (the
// blocks of a posted message), one inside a longer string takes its text. A placeholder left unfilled fails loudly instead of replaying a
// payload the platform would never send.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

export type RecordingPlatform = 'slack' | 'teams';

export interface Recording {
  /** The documentation page the payload follows, and what was adjusted. */
  source: string;
  /** The payload as the platform sends it, placeholders filled. */
  body: Record<string, unknown>;
}

export function loadRecording(platform: RecordingPlatform, name: string, values: Record<string, unknown> = {}): Recording {
  const file = fileURLToPath(new URL(`./${platform}/${name}.json`, import.meta.url));
  const { _source: source, ...body } = JSON.parse(readFileSync(file, 'utf8')) as { _source?: unknown } & Record<string, unknown>;
  if (typeof source !== 'string' || source === '') throw new Error(`Recording ${platform}/${name} has no _source note naming the page it follows.`);
  return { source, body: fill(body, values, `${platform}/${name}`) as Record<string, unknown> };
}

function fill(value: unknown, values: Record<string, unknown>, recording: string): unknown {
  if (typeof value === 'string') {
    const whole = /^\{\{(\w+)\}\}$/.exec(value);
    if (whole && whole[1] !== undefined && values[whole[1]] !== undefined) return values[whole[1]];
    return fillText(value, values, recording);
  }
  if (Array.isArray(value)) return value.map((item) => fill(item, values, recording));
  // Keys too: Slack keys a view's state by the ids of its blocks and inputs.
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [fillText(key, values, recording), fill(item, values, recording)]));
  return value;
}

function fillText(text: string, values: Record<string, unknown>, recording: string): string {
  return text.replace(PLACEHOLDER, (_whole, key: string) => {
    const replacement = values[key];
    if (replacement === undefined) throw new Error(`Recording ${recording} needs a value for {{${key}}}.`);
    return String(replacement);
  });
}
