// The lists of people that features name in the config (verifiers, admins, access rules' users):
// an entry is a Slack user id, a Teams AAD object id, an e-mail address or a group
// (group-entries.ts). Matching is here once so every list accepts the same entries the same way.

/** What a list entry is matched against (an AccessSubject fits). */
interface ListedPerson {
  userId: string;
  email?: string | undefined;
  groups?: readonly string[] | undefined;
}

/** True when the subject is named in the list: by platform user id, (case-insensitively) by e-mail, or by a group it belongs to. */
export function personListMatches(list: readonly string[], subject: ListedPerson): boolean {
  const email = subject.email?.toLowerCase();
  const groups = subject.groups ?? [];
  return list.some((entry) => entry === subject.userId || (email !== undefined && entry.toLowerCase() === email) || groups.includes(entry));
}
