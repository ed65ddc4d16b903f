// Turn requests from the terminal: one conversation per `ask` / `chat` session.
import { userInfo } from 'node:os';
import type { TurnKind, TurnRequest } from '../conversations/types.js';

export function consoleActor() {
  let name = 'console';
  try {
    name = userInfo().username || name;
  } catch {
    // Some containers have no passwd entry for the uid; the generic name is fine.
  }
  return { platform: 'console' as const, userId: `console:${name}`, displayName: name };
}

export function consoleRequest(threadId: string, text: string, kind: TurnKind, interactive: boolean): TurnRequest {
  return {
    threadId,
    platform: 'console',
    actor: consoleActor(),
    text,
    kind,
    place: { channelId: 'console', isDirectMessage: true },
    interactive,
  };
}
