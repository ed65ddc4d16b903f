// What `datathread check --access USER` prints: the groups a person is in, each database they get
// and by which rule, and the features (verifier, admin) whose lists name them, and why.
import type { AccessRule } from '../config/config-schema.js';
import type { LoadedConfig } from '../config/load-config.js';
import { ruleMatches, type AccessSubject } from '../access/access-rules.js';

function describeRule(rule: AccessRule, index: number): string {
  const keys = (['users', 'groups', 'platforms', 'channels', 'teams'] as const).filter((key) => rule[key]).map((key) => `${key}: ${rule[key]!.join(', ')}`);
  return `access.rules[${index}]${keys.length > 0 ? ` (${keys.join('; ')})` : ' (everyone)'}`;
}

/** Channels and teams are where a question is asked, not who asks: a rule bound to them is reported with that condition. */
function placeCondition(rule: AccessRule): string {
  const parts = [rule.channels ? `channel ${rule.channels.join(' or ')}` : '', rule.teams ? `team ${rule.teams.join(' or ')}` : ''].filter(Boolean);
  return parts.length > 0 ? ` — only in ${parts.join(', ')}` : '';
}

function whyInList(list: readonly string[], subject: AccessSubject): string | undefined {
  const email = subject.email?.toLowerCase();
  const entry = list.find((each) => each === subject.userId || (email !== undefined && each.toLowerCase() === email) || subject.groups?.includes(each));
  return entry;
}

export function renderAccessReport(config: Pick<LoadedConfig, 'accessRules' | 'databases' | 'featureLists'>, subject: AccessSubject, notes: readonly string[]): string {
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
        .map(({ rule, index }) => `${describeRule(rule, index)}${placeCondition(rule)}`);
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
  return `${lines.join('\n')}\n`;
}
