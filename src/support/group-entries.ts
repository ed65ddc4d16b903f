// How the config names a group in a person list or an access rule: `group:<name>` for a group
// defined under `groups:`, `slack-group:<id>` for a Slack user group, `entra-group:<object id>`
// for a Microsoft Entra ID group. A subject carries the entries of the groups it belongs to.
export const NAMED_GROUP_PREFIX = 'group:';
export const SLACK_GROUP_PREFIX = 'slack-group:';
export const ENTRA_GROUP_PREFIX = 'entra-group:';

/** A rule's `groups:` list may name a config group without its prefix (`finance`). */
export function groupEntryOf(text: string): string {
  return text.includes(':') ? text : `${NAMED_GROUP_PREFIX}${text}`;
}

/** The ids of the groups with this prefix among `entries` (`slack-group:S1` → `S1`), once each. */
export function groupIdsWithPrefix(entries: readonly string[], prefix: string): string[] {
  return [...new Set(entries.filter((entry) => entry.startsWith(prefix)).map((entry) => entry.slice(prefix.length)))];
}
