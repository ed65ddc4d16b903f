// A `group:<name>` entry (or a bare name in a rule's `groups:`) must name a group defined under
// `groups:`; a typo would otherwise grant nothing without a word.
import type { z } from 'zod';
import { groupEntryOf, NAMED_GROUP_PREFIX } from '../support/group-entries.js';

interface GroupReferences {
  groups: Record<string, string[]>;
  access: { rules: Array<{ users?: string[] | undefined; groups?: string[] | undefined }> };
  verification: { verifiers: string[] };
  admins: string[];
  budgets?: { overrides: Array<{ users?: string[] | undefined }> } | undefined;
}

export function checkGroupReferences(value: GroupReferences, context: z.core.$RefinementCtx): void {
  const known = new Set(Object.keys(value.groups));
  const check = (entries: readonly string[] | undefined, path: (string | number)[]) => {
    for (const entry of entries ?? []) {
      if (!entry.startsWith(NAMED_GROUP_PREFIX)) continue;
      const name = entry.slice(NAMED_GROUP_PREFIX.length);
      if (!known.has(name)) context.addIssue({ code: 'custom', path, message: `names the group "${name}", which is not defined under groups:` });
    }
  };
  value.access.rules.forEach((rule, index) => {
    check(rule.users, ['access', 'rules', index, 'users']);
    check(rule.groups?.map(groupEntryOf), ['access', 'rules', index, 'groups']);
  });
  check(value.verification.verifiers, ['verification', 'verifiers']);
  check(value.admins, ['admins']);
  value.budgets?.overrides.forEach((override, index) => check(override.users, ['budgets', 'overrides', index, 'users']));
  for (const [name, members] of Object.entries(value.groups)) check(members, ['groups', name]);
}
