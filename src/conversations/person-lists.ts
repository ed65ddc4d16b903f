// The lists of people that features name in the config (verifiers, admins): an entry is a Slack
// user id, a Teams AAD object id or an e-mail address. Matching is here once so every list
// accepts the same entries (and, later, groups) in the same way.
import type { AccessSubject } from './access-rules.js';

/** True when the subject is named in the list, by platform user id or (case-insensitively) by e-mail. */
export function personListMatches(list: readonly string[], subject: Pick<AccessSubject, 'userId' | 'email'>): boolean {
  const email = subject.email?.toLowerCase();
  return list.some((entry) => entry === subject.userId || (email !== undefined && entry.toLowerCase() === email));
}
