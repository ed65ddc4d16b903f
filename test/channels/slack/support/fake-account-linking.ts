// An in-memory stand-in for SlackAccountLinking (src/identity/slack-account-linking.ts) for adapter
// tests that need no Entra ID: it records sign-in links and unlinks, and `link()` plays a finished
// sign-in by calling the onLinked listeners the way the callback route does.
import type { LinkedListener } from '../../../../src/identity/slack-account-linking.js';
import type { SlackLinking } from '../../../../src/channels/slack/index.js';

export const FAKE_PUBLIC_URL = 'https://datathread.example.com';

interface FakeAccount {
  upn: string | null;
  objectId: string | null;
}

export class FakeAccountLinking implements SlackLinking {
  readonly accounts = new Map<string, FakeAccount>();
  readonly signInUrls: Array<{ userKey: string; pendingThreadId: string | undefined }> = [];
  readonly unlinked: string[] = [];
  private readonly listeners = new Set<LinkedListener>();

  get listenerCount(): number {
    return this.listeners.size;
  }

  createSignInUrl(slackUserKey: string, pendingThreadId?: string): string {
    this.signInUrls.push({ userKey: slackUserKey, pendingThreadId });
    return `${FAKE_PUBLIC_URL}/auth/microsoft/start?state=signed-${this.signInUrls.length}`;
  }

  onLinked(listener: LinkedListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async unlinkUser(slackUserKey: string): Promise<void> {
    this.unlinked.push(slackUserKey);
    this.accounts.delete(slackUserKey);
  }

  async isLinked(slackUserKey: string): Promise<boolean> {
    return this.accounts.has(slackUserKey);
  }

  async linkedAccount(slackUserKey: string): Promise<FakeAccount | undefined> {
    return this.accounts.get(slackUserKey);
  }

  /** A completed sign-in: stores the account, then tells the listeners (awaited, like the route). */
  async link(slackUserKey: string, upn: string, pendingThreadId?: string): Promise<void> {
    this.accounts.set(slackUserKey, { upn, objectId: `oid-${upn}` });
    for (const listener of this.listeners) await listener(slackUserKey, pendingThreadId);
  }
}
