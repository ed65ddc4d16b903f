// The fields of a Teams activity (as Teams sends it on the wire) that datathread reads.
export interface TeamsAccount {
  id?: string;
  name?: string;
  aadObjectId?: string;
  /** Not always sent; present in some tenants and in the Agents Playground. */
  userPrincipalName?: string;
  email?: string;
}

export interface TeamsEntity {
  type?: string;
  text?: string;
  mentioned?: { id?: string; name?: string };
}

export interface TeamsChannelData {
  tenant?: { id?: string };
  /** `aadGroupId`: the team's Microsoft 365 group (the `groupId` of a deep link). */
  team?: { id?: string; aadGroupId?: string };
  channel?: { id?: string };
  teamsTeamId?: string;
  teamsChannelId?: string;
}

export interface InboundActivity {
  type?: string;
  id?: string;
  /** Invoke activities: `signin/tokenExchange`, `signin/verifyState`, … */
  name?: string;
  text?: string;
  value?: unknown;
  replyToId?: string;
  /** The sender's IANA zone as their Teams client reports it (e.g. `Europe/Berlin`). */
  localTimezone?: string;
  channelId?: string;
  serviceUrl?: string;
  from?: TeamsAccount;
  recipient?: TeamsAccount;
  conversation?: { id?: string; conversationType?: string; tenantId?: string; isGroup?: boolean };
  entities?: TeamsEntity[];
  channelData?: TeamsChannelData;
}

export function readInboundActivity(body: unknown): InboundActivity {
  return typeof body === 'object' && body !== null ? (body as InboundActivity) : {};
}
