// Where a Teams asker's Entra ID groups come from: the `groups` claim of the SSO token stored at
// sign-in (encrypted in a real SQLite store) while the token is younger than the refresh period;
// Microsoft Graph (a local one, with an app token from the local Entra ID) when the token has no
// claim, says overage (`hasgroups`, `_claim_names`), or is older.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readEntraGroups } from '../../../../src/channels/teams/groups/entra-groups.js';
import { GroupMembership } from '../../../../src/access/group-membership.js';
import { GROUP_MEMBERSHIP_REFRESH_MS } from '../../../../src/access/membership-cache.js';
import { createGraphMemberGroups } from '../../../../src/identity/graph-member-groups.js';
import { createIdentityService, type IdentityService } from '../../../../src/identity/identity-service.js';
import { silentLogger } from '../../../../src/logging/logger.js';
import { openStore } from '../../../../src/store/open-store.js';
import type { Store } from '../../../../src/store/types.js';
import { DEFAULT_FAKE_USERS, startFakeEntra, type FakeEntra } from '../../../fakes/entra-server.js';
import { startFakeGraph, type FakeGraph } from '../../../fakes/graph-server.js';

const FINANCE = '0f1e2d3c-0000-4000-8000-00000000f1a0';
// The config spells the group in capitals; Entra answers in lower case: the config's spelling is kept.
const IN_FINANCE = [`entra-group:${FINANCE.toUpperCase()}`, 'group:finance'];
const [ALICE, BOB] = DEFAULT_FAKE_USERS as [(typeof DEFAULT_FAKE_USERS)[0], (typeof DEFAULT_FAKE_USERS)[0]];

let directory: string;
let store: Store;
let entra: FakeEntra;
let graph: FakeGraph;
let identity: IdentityService;
let nowMs = Date.now();
const clock = () => new Date(nowMs);

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'entra-groups-'));
  store = await openStore(`sqlite:${join(directory, 'state.db')}`);
  entra = await startFakeEntra({ now: clock });
  graph = await startFakeGraph(entra);
  identity = createIdentityService({
    settings: { entra: { clientId: entra.clientId, clientSecret: entra.clientSecret, authority: entra.authority, networkClient: entra.networkClient }, encryptionKey: Buffer.alloc(32, 5), scopes: new Map() },
    store,
    logger: silentLogger,
    clock,
  });
});

beforeEach(async () => {
  nowMs = Date.now();
  graph.requests.length = 0;
  graph.setMemberships(ALICE.objectId, []);
  graph.setMemberships(BOB.objectId, []);
  await identity.teams.signOut(ALICE.objectId);
  await identity.teams.signOut(BOB.objectId);
});

afterAll(async () => {
  await graph.close();
  await entra.close();
  await store.close();
  await rm(directory, { recursive: true, force: true });
});

/** The groups GroupMembership gives this Teams user, with the reader wired as teams-channel.ts does. */
async function groupsOf(objectId: string): Promise<readonly string[] | undefined> {
  const membership = new GroupMembership({ namedGroups: { finance: [`entra-group:${FINANCE.toUpperCase()}`] }, clock, logger: silentLogger });
  const checkMemberGroups = createGraphMemberGroups({ entra: { clientId: entra.clientId, clientSecret: entra.clientSecret, authority: entra.authority, networkClient: entra.networkClient }, graphUrl: graph.url });
  readEntraGroups({ membership, groupIds: [FINANCE.toUpperCase()], checkMemberGroups, tokens: identity.teams, clock });
  return (await membership.withGroups({ platform: 'teams', userId: objectId })).groups;
}

describe('Entra ID groups of a Teams asker', () => {
  it('a fresh SSO token with a groups claim is enough: no Graph call', async () => {
    expect(await identity.teams.saveSsoToken(ALICE.objectId, entra.issueUserToken(ALICE.upn, { claims: { groups: [FINANCE, 'another-group'] } }))).toBe(true);
    expect(await groupsOf(ALICE.objectId)).toEqual(IN_FINANCE);
    expect(graph.requests).toEqual([]);
  });

  it('overage (hasgroups, _claim_names) or no token: Graph is asked', async () => {
    graph.setMemberships(ALICE.objectId, [FINANCE]);
    await identity.teams.saveSsoToken(ALICE.objectId, entra.issueUserToken(ALICE.upn, { claims: { hasgroups: true } }));
    expect(await groupsOf(ALICE.objectId)).toEqual(IN_FINANCE);
    await identity.teams.saveSsoToken(ALICE.objectId, entra.issueUserToken(ALICE.upn, { claims: { _claim_names: { groups: 'src1' }, _claim_sources: { src1: { endpoint: 'https://graph.windows.net/...' } } } }));
    expect(await groupsOf(ALICE.objectId)).toEqual(IN_FINANCE);
    expect(await groupsOf(BOB.objectId)).toEqual([]);
    expect(graph.requests.map((request) => [request.path, request.status])).toEqual([
      [`/v1.0/users/${ALICE.objectId}/checkMemberGroups`, 200],
      [`/v1.0/users/${ALICE.objectId}/checkMemberGroups`, 200],
      [`/v1.0/users/${BOB.objectId}/checkMemberGroups`, 200],
    ]);
  });

  it('a claim older than the refresh period gives way to Graph (a removal in Entra applies)', async () => {
    await identity.teams.saveSsoToken(ALICE.objectId, entra.issueUserToken(ALICE.upn, { claims: { groups: [FINANCE] } }));
    nowMs += GROUP_MEMBERSHIP_REFRESH_MS + 1000;
    expect(await groupsOf(ALICE.objectId)).toEqual([]);
    expect(graph.requests).toHaveLength(1);
  });

  it('more than 20 configured groups are asked 20 at a time (Graph refuses more in one call)', async () => {
    const many = Array.from({ length: 25 }, (_, index) => `0f1e2d3c-0000-4000-8000-0000000000${String(index).padStart(2, '0')}`);
    graph.setMemberships(BOB.objectId, [many[3]!, many[22]!]);
    const membership = new GroupMembership({ namedGroups: {}, clock, logger: silentLogger });
    const checkMemberGroups = createGraphMemberGroups({ entra: { clientId: entra.clientId, clientSecret: entra.clientSecret, authority: entra.authority, networkClient: entra.networkClient }, graphUrl: graph.url });
    readEntraGroups({ membership, groupIds: many, checkMemberGroups, clock });
    expect((await membership.withGroups({ platform: 'teams', userId: BOB.objectId })).groups).toEqual([`entra-group:${many[3]}`, `entra-group:${many[22]}`]);
    expect(graph.requests.map((request) => [request.groupIds.length, request.status])).toEqual([[20, 200], [5, 200]]);
  });

  it('the local Graph refuses what Graph refuses: no token, a token for another audience (401), an app without the permission (403)', async () => {
    const post = (authorization?: string) =>
      fetch(new URL(`v1.0/users/${ALICE.objectId}/checkMemberGroups`, graph.url), { method: 'POST', headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) }, body: JSON.stringify({ groupIds: [FINANCE] }) });
    expect((await post()).status).toBe(401);
    const userToken = entra.issueUserToken(ALICE.upn);
    const wrongAudience = await post(`Bearer ${userToken}`);
    expect(wrongAudience.status).toBe(401);
    expect(((await wrongAudience.json()) as { error: { code: string } }).error.code).toBe('InvalidAuthenticationToken');
    const checkMemberGroups = createGraphMemberGroups({ entra: { clientId: entra.clientId, clientSecret: entra.clientSecret, authority: entra.authority, networkClient: entra.networkClient }, graphUrl: graph.url });
    graph.grantPermission(false);
    try {
      await expect(checkMemberGroups(ALICE.objectId, [FINANCE])).rejects.toThrow('grant the app the application permission GroupMember.Read.All');
    } finally {
      graph.grantPermission(true);
    }
  });
});
