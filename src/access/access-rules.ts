// Which databases the asker may use here. No rules: everyone may use every database. With rules,
// a database needs at least one rule that matches this request and grants it (or "*").
// The same rules decide who may read a stored result (result-access.ts): a result is as
// restricted as the database it came from.
import type { AccessRule } from '../config/config-schema.js';
import type { Platform } from '../support/platforms.js';
import type { TurnRequest } from '../conversations/types.js';
import { groupEntryOf } from '../support/group-entries.js';
import { personListMatches } from './person-lists.js';

/** Who asks, and where: what a rule matches on (a turn's asker, or the person who clicked a button). */
export interface AccessSubject {
  platform: Platform;
  channelId?: string | undefined;
  teamId?: string | undefined;
  userId: string;
  email?: string | undefined;
  /** The group entries (`group:finance`, `slack-group:S…`, `entra-group:…`) the subject belongs to; resolved by group-membership.ts. */
  groups?: readonly string[] | undefined;
}

export function accessSubjectOf(request: Pick<TurnRequest, 'platform' | 'place' | 'actor'>): AccessSubject {
  return { platform: request.platform, channelId: request.place.channelId, teamId: request.place.teamId, userId: request.actor.userId, email: request.actor.email };
}

function matches(list: string[] | undefined, ...candidates: (string | undefined)[]): boolean {
  if (!list) return true;
  return candidates.some((candidate) => candidate !== undefined && list.includes(candidate));
}

function memberOfAny(groups: string[] | undefined, subject: AccessSubject): boolean {
  return !groups || groups.some((group) => subject.groups?.includes(groupEntryOf(group)) === true);
}

/** True when every key the rule gives matches the subject (a key lists alternatives). */
export function ruleMatches(rule: AccessRule, subject: AccessSubject): boolean {
  return (
    matches(rule.platforms, subject.platform) &&
    matches(rule.channels, subject.channelId) &&
    matches(rule.teams, subject.teamId) &&
    (!rule.users || personListMatches(rule.users, subject)) &&
    memberOfAny(rule.groups, subject)
  );
}

export function allowedDatabaseNamesFor(rules: AccessRule[], subject: AccessSubject, allNames: string[]): string[] {
  if (rules.length === 0) return allNames;
  const granted = new Set<string>();
  for (const rule of rules) {
    if (!ruleMatches(rule, subject)) continue;
    for (const name of rule.databases) {
      if (name === '*') allNames.forEach((each) => granted.add(each));
      else granted.add(name);
    }
  }
  return allNames.filter((name) => granted.has(name));
}
