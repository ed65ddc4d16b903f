// Which databases the asker may use here. No rules: everyone may use every database. With rules,
// a database needs at least one rule that matches this request and grants it (or "*").
import type { AccessRule } from '../config/config-schema.js';
import type { TurnRequest } from './types.js';

function matches(list: string[] | undefined, ...candidates: (string | undefined)[]): boolean {
  if (!list) return true;
  return candidates.some((candidate) => candidate !== undefined && list.includes(candidate));
}

/** Who asks and where: all the rules look at. */
type AccessRequest = Pick<TurnRequest, 'platform' | 'place' | 'actor'>;

function ruleMatches(rule: AccessRule, request: AccessRequest): boolean {
  return (
    matches(rule.platforms, request.platform) &&
    matches(rule.channels, request.place.channelId) &&
    matches(rule.teams, request.place.teamId) &&
    matches(rule.users, request.actor.userId, request.actor.email)
  );
}

export function allowedDatabaseNames(rules: AccessRule[], request: AccessRequest, allNames: string[]): string[] {
  if (rules.length === 0) return allNames;
  const granted = new Set<string>();
  for (const rule of rules) {
    if (!ruleMatches(rule, request)) continue;
    for (const name of rule.databases) {
      if (name === '*') allNames.forEach((each) => granted.add(each));
      else granted.add(name);
    }
  }
  return allNames.filter((name) => granted.has(name));
}
