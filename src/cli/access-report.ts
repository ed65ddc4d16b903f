// What `datathread check --access USER` prints: the groups a person is in, each database they get,
// by which rule and which of the person's names (user id, e-mail address, group) it matched, the
// features (verifier, admin) whose lists name them, and the context hidden from them.
import type { AccessRule } from '../config/config-schema.js';
import type { LoadedConfig } from '../config/load-config.js';
import { ruleMatches, type AccessSubject } from '../access/access-rules.js';
import { groupEntryOf } from '../support/group-entries.js';

function describeRule(rule: AccessRule, index: number): string {
  const keys = (['users', 'groups', 'platforms', 'channels', 'teams'] as const).filter((key) => rule[key]).map((key) => `${key}: ${rule[key]!.join(', ')}`);
  return `access.rules[${index}]${keys.length > 0 ? ` (${keys.join('; ')})` : ' (everyone)'}`;
}

/** Channels and teams are where a question is asked, not who asks: a rule bound to them is reported with that condition. */
function placeCondition(rule: AccessRule): string {
  const parts = [rule.channels ? `channel ${rule.channels.join(' or ')}` : '', rule.teams ? `team ${rule.teams.join(' or ')}` : ''].filter(Boolean);
  return parts.length > 0 ? ` — only in ${parts.join(', ')}` : '';
}

/** Which of the person's names a rule matched: `the e-mail address ana@example.com`, `the group slack-group:SFIN`. */
function matchedName(rule: AccessRule, subject: AccessSubject): string | undefined {
  if (rule.users) {
    const entry = whyInList(rule.users, subject);
    if (entry === undefined) return undefined;
    if (entry === subject.userId) return `the ${subject.platform === 'teams' ? 'Teams object id' : 'Slack user id'} ${entry}`;
    return subject.groups?.includes(entry) ? `the group ${entry}` : `the e-mail address ${entry}`;
  }
  const group = rule.groups?.map(groupEntryOf).find((entry) => subject.groups?.includes(entry));
  return group === undefined ? undefined : `the group ${group}`;
}

/** The databases some rule grants this person, in some place (chat may grant a place-bound one only there). */
export function databasesGrantedAnywhere(config: Pick<LoadedConfig, 'accessRules' | 'databases'>, subject: AccessSubject): string[] {
  const names = config.databases.map((database) => database.name);
  if (config.accessRules.length === 0) return names;
  return names.filter((name) => config.accessRules.some((rule) => (rule.databases.includes('*') || rule.databases.includes(name)) && ruleMatches({ ...rule, channels: undefined, teams: undefined }, subject)));
}

function whyInList(list: readonly string[], subject: AccessSubject): string | undefined {
  const email = subject.email?.toLowerCase();
  const entry = list.find((each) => each === subject.userId || (email !== undefined && each.toLowerCase() === email) || subject.groups?.includes(each));
  return entry;
}

/** `hiddenContext`: the context files and folders hidden from the person (hidden-context.ts); undefined leaves the section out. */
export function renderAccessReport(config: Pick<LoadedConfig, 'accessRules' | 'databases' | 'featureLists'>, subject: AccessSubject, notes: readonly string[], hiddenContext?: readonly string[]): string {
  const lines = [`Access for ${subject.userId}${subject.email && subject.email !== subject.userId ? ` (${subject.email})` : ''} on ${subject.platform}`];
  lines.push(...notes.map((note) => `  note: ${note}`));
  lines.push(`Groups: ${subject.groups && subject.groups.length > 0 ? subject.groups.join(', ') : 'none'}`);
  lines.push('Databases:');
  const names = config.databases.map((database) => database.name);
  if (config.accessRules.length === 0) lines.push(...names.map((name) => `  ${name} — no access rules: everyone may use every database`));
  else {
    for (const name of names) {
      const reasons = config.accessRules
        .map((rule, index) => ({ rule, index }))
        .filter(({ rule }) => (rule.databases.includes('*') || rule.databases.includes(name)) && ruleMatches({ ...rule, channels: undefined, teams: undefined }, subject))
        .map(({ rule, index }) => {
          const name = matchedName(rule, subject);
          return `${describeRule(rule, index)}${placeCondition(rule)}${name ? ` — matched ${name}` : ''}`;
        });
      lines.push(reasons.length > 0 ? `  ${name} — granted by ${reasons.join('; or ')}` : `  ${name} — no access: no rule matches`);
    }
  }
  lines.push('Features:');
  for (const [feature, key, list] of [
    ['verifier', 'verification.verifiers', config.featureLists.verifier],
    ['admin', 'admins', config.featureLists.admin],
  ] as const) {
    const entry = whyInList(list, subject);
    lines.push(entry ? `  ${feature} — yes: ${key} lists ${entry}` : `  ${feature} — no: ${key} does not list this person or a group of theirs`);
  }
  if (hiddenContext) {
    lines.push(hiddenContext.length > 0 ? 'Context hidden from this person:' : 'Context hidden from this person: nothing');
    lines.push(...hiddenContext.map((line) => `  ${line}`));
  }
  return `${lines.join('\n')}\n`;
}
