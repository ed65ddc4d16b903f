// Access by group in the core: a subject carries the groups it belongs to, person lists and rules
// accept group entries, a person's databases are the union of the rules they match, and platform
// group members are re-read after the refresh period (an injected clock), keeping the last members
// known when a read fails.
import { describe, expect, it } from 'vitest';
import { allowedDatabaseNamesFor, type AccessSubject } from '../../src/access/access-rules.js';
import { GroupMembership } from '../../src/access/group-membership.js';
import { GROUP_MEMBERSHIP_REFRESH_MS } from '../../src/access/membership-cache.js';
import { personListMatches } from '../../src/access/person-lists.js';
import { personEntriesOf } from '../../src/config/person-entries.js';
import { silentLogger } from '../../src/logging/logger.js';

const ALL = ['sales', 'ledger', 'hr'];
const ana: AccessSubject = { platform: 'slack', channelId: 'C1', userId: 'UANA', email: 'Ana@Example.com' };

function membership(namedGroups: Record<string, string[]>, now: { ms: number } = { ms: 0 }) {
  return new GroupMembership({ namedGroups, clock: () => new Date(now.ms), logger: silentLogger });
}

describe('person lists with groups', () => {
  it('matches a group entry only when the subject belongs to that group', () => {
    expect(personListMatches(['group:finance'], { ...ana, groups: ['group:finance'] })).toBe(true);
    expect(personListMatches(['group:finance'], { ...ana, groups: ['group:sales'] })).toBe(false);
    expect(personListMatches(['slack-group:S1'], { ...ana, groups: ['slack-group:S1'] })).toBe(true);
    expect(personListMatches(['ana@example.com'], ana)).toBe(true);
    expect(personListMatches(['group:finance'], ana)).toBe(false);
  });
});

describe('access rules with groups', () => {
  const rules = [
    { databases: ['sales'], channels: ['C1'] },
    { databases: ['ledger'], groups: ['finance'] },
    { databases: ['hr'], groups: ['entra-group:hr-id', 'slack-group:SHR'] },
    { databases: ['hr'], users: ['group:auditors'] },
  ];

  it("gives a person the union of the databases of every rule they match", () => {
    expect(allowedDatabaseNamesFor(rules, { ...ana, groups: ['group:finance'] }, ALL)).toEqual(['sales', 'ledger']);
    expect(allowedDatabaseNamesFor(rules, { ...ana, groups: ['group:finance', 'slack-group:SHR'] }, ALL)).toEqual(['sales', 'ledger', 'hr']);
    expect(allowedDatabaseNamesFor(rules, { ...ana, groups: ['group:auditors'] }, ALL)).toEqual(['sales', 'hr']);
    expect(allowedDatabaseNamesFor(rules, { ...ana, channelId: 'C2' }, ALL)).toEqual([]);
  });

  it('a rule with groups and channels needs both', () => {
    const both = [{ databases: ['ledger'], groups: ['finance'], channels: ['CFIN'] }];
    expect(allowedDatabaseNamesFor(both, { ...ana, groups: ['group:finance'] }, ALL)).toEqual([]);
    expect(allowedDatabaseNamesFor(both, { ...ana, channelId: 'CFIN', groups: ['group:finance'] }, ALL)).toEqual(['ledger']);
  });
});

describe('GroupMembership', () => {
  it('puts a person in the named groups that list them by id, e-mail or a platform group they are in', async () => {
    const groups = membership({ finance: ['ana@example.com'], leads: ['UBOB'], analysts: ['slack-group:SAN'], everyone: ['entra-group:x'] });
    groups.addMemberListReader('slack', 'slack-group:', ['SAN'], async () => ['UANA']);
    expect((await groups.withGroups(ana)).groups).toEqual(['slack-group:SAN', 'group:finance', 'group:analysts']);
  });

  it('keeps the platform groups a subject already carries (token claims) and matches named groups on them', async () => {
    const groups = membership({ people: ['entra-group:g1'] });
    const teamsUser: AccessSubject = { platform: 'teams', userId: 'oid-1', groups: ['entra-group:g1'] };
    expect((await groups.withGroups(teamsUser)).groups).toEqual(['entra-group:g1', 'group:people']);
  });

  it('re-reads a Slack user group after the refresh period, not before, and keeps the last members when a read fails', async () => {
    const now = { ms: 0 };
    const groups = membership({}, now);
    let members = ['UANA'];
    let reads = 0;
    let failing = false;
    groups.addMemberListReader('slack', 'slack-group:', ['SFIN'], async () => {
      reads += 1;
      if (failing) throw new Error('slack down');
      return members;
    });
    const bob: AccessSubject = { platform: 'slack', userId: 'UBOB' };
    expect((await groups.withGroups(ana)).groups).toEqual(['slack-group:SFIN']);
    members = ['UBOB'];
    now.ms = GROUP_MEMBERSHIP_REFRESH_MS - 1;
    expect((await groups.withGroups(bob)).groups).toEqual([]);
    expect(reads).toBe(1);
    now.ms = GROUP_MEMBERSHIP_REFRESH_MS;
    expect((await groups.withGroups(bob)).groups).toEqual(['slack-group:SFIN']);
    expect((await groups.withGroups(ana)).groups).toEqual([]);
    failing = true;
    now.ms = 2 * GROUP_MEMBERSHIP_REFRESH_MS;
    expect((await groups.withGroups(bob)).groups).toEqual(['slack-group:SFIN']);
    expect(reads).toBe(3);
  });

  it('a group that never could be read has no members', async () => {
    const groups = membership({});
    groups.addMemberListReader('slack', 'slack-group:', ['SFIN'], async () => {
      throw new Error('missing_scope');
    });
    expect((await groups.withGroups(ana)).groups).toEqual([]);
  });
});

describe('personEntriesOf', () => {
  it('collects the entries of rules, named groups and feature lists', () => {
    const entries = personEntriesOf({
      accessRules: [{ databases: ['x'], users: ['U1'], groups: ['slack-group:S1'] }],
      groups: { finance: ['slack-group:S2'] },
      featureLists: { verifier: ['slack-group:S3'], admin: ['group:finance'] },
    });
    expect(entries).toEqual(['U1', 'slack-group:S1', 'slack-group:S2', 'slack-group:S3', 'group:finance']);
  });
});
