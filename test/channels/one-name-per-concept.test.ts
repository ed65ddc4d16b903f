// One name per concept in both channels: a file of slack/ and its mirror in teams/ (the same path,
// with the platform word swapped: slack/outbox/slack-outbox.ts ↔ teams/outbox/teams-outbox.ts)
// export the same names, differing at most by that word (SlackAnswerStream ↔ TeamsAnswerStream). A
// concept only one platform has is listed below, with why; anything else that differs is the same
// concept under two names, and fails here.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const CHANNELS = join(import.meta.dirname, '../../src/channels');

/**
 * Exports only one platform has, per mirrored file (keyed by the Slack path). Each entry says why
 * the other platform has no such thing.
 */
const PLATFORM_ONLY: Record<string, { slack?: string[]; teams?: string[] }> = {
  // A Slack click arrives in several payloads (a button, a modal submission), so the subject is
  // built from the place it names; a Teams click is the inbound activity itself.
  'actions/clicker-subject.ts': { slack: ['ClickPlace'] },
  // Slack's Web API has one base URL (GovSlack and tests change it); Teams answers at the serviceUrl each activity carries.
  'attach-slack-channel.ts': { slack: ['DEFAULT_SLACK_API_URL'] },
  'channel-context.ts': {
    // Slack listeners make a thread's outbox from the shared Web API client, and dedupe an event by
    // its delivery, its post and a click; Teams' background tasks hand each turn its outbox, and it
    // dedupes by activity id (inbound/turn-request.ts).
    slack: ['outboxFor', 'eventKeyForDelivery', 'eventKeyForPost', 'eventKeyForClick'],
    // The Bot Framework user token service (Teams SSO); Slack links accounts with its own OAuth flow.
    teams: ['userTokenClientOf'],
  },
  'inbound/turn-request.ts': {
    // Slack reads events of several shapes (app_mention, message, a click, a finished sign-in) into one input first; Teams reads one activity shape.
    slack: ['SlackTurnInput'],
    // Teams' dedupe key is the activity id (Slack's keys are in channel-context.ts).
    teams: ['activityEventKey'],
  },
  'index.ts': {
    // Slack account linking (a Slack user signs in to Microsoft); a Teams user is an Entra user already.
    slack: ['SlackLinking'],
    // The warning of Teams' unauthenticated local mode (Agents Playground); Slack always verifies signatures.
    teams: ['PRODUCTION_WITHOUT_CREDENTIALS_MESSAGE'],
  },
  'outbox/slack-outbox.ts': {
    // Slack refuses posts where the bot is not a member, uploads charts and files, and marks story
    // messages with message metadata; Teams posts where it was installed, carries images in cards,
    // and keeps story cards' ids in a ledger.
    slack: ['UnreachableChannelError', 'FileToUpload', 'MessageMetadata'],
    // The Bot Framework's activity and attachment shapes.
    teams: ['OutgoingActivity', 'TeamsAttachment'],
  },
  // A long answer goes to Slack as a file with this note; Teams pages it over several cards.
  'render/render-reply.ts': { slack: ['ANSWER_FILE_NOTE', 'ANSWER_FILE_NOTE_MARKDOWN'] },
  'schedules/schedule-manage-clicks.ts': {
    // Bolt registers a listener per action id; Teams' one invoke route hands the click over.
    slack: ['registerScheduleManageListeners'],
    teams: ['startScheduleManageClick'],
  },
  'schedules/schedule-manage-controls.ts': {
    // Block Kit's block, action and modal ids; an Adaptive Card's input ids and actions.
    slack: ['SCHEDULE_ACTION_IDS', 'SCHEDULE_TIME_VIEW_ID', 'scheduleControlsBlockId', 'scheduleControlsBlock'],
    teams: ['SCHEDULE_TIME_INPUT_IDS', 'scheduleControlActions'],
  },
  // Slack posts a stored version again through postStoryVersion with a "Re-posted by" note; a Teams re-post names the latest version in its header.
  'stories/post-story.ts': { teams: ['repostStoryVersion'] },
  // Slack says once per app or workspace that it cannot stream, and the channel stops asking; Teams streams in one-to-one chats only, decided per conversation.
  'streaming/answer-stream.ts': { slack: ['StreamingSupport'] },
  'streaming/stream-limits.ts': {
    // Slack caps the characters of one streamed message; Teams caps a stream by time only.
    slack: ['MAX_STREAM_MESSAGE_CHARACTERS'],
    // Teams cannot delete a stream an interrupted run left open, so it ends it with this sentence; Slack deletes those messages.
    teams: ['INTERRUPTED_STREAM_TEXT'],
  },
  'turns/background-tasks.ts': {
    // Slack's stop() waits for running turns a bounded time; Teams' idle() waits for all of them (tests, shutdown).
    slack: ['DEFAULT_DRAIN_TIMEOUT_MS'],
    // continueConversation needs the accepting request's claims and gives each turn its conversation.
    teams: ['RequestIdentity', 'ConversationWork'],
  },
  'turns/run-slack-turn.ts': {
    // A Slack turn gets its request and reply target as arguments, and hooks for the announcement and the job;
    // a Teams turn gets its request with the clicked card it came from.
    slack: ['TurnHooks'],
    teams: ['TeamsTurnJob'],
  },
  // Teams submits its turn jobs from one route, with the request's claims; Slack's listeners each submit their own.
  'turns/slack-turn-jobs.ts': { teams: ['submitTeamsTurn'] },
  'types.ts': {
    // Slack account linking, the bot's own ids from auth.test, the Web API client; Teams has the
    // asker's Entra identity, and the bot's ids in each activity.
    slack: ['SlackLinking', 'BotIdentity', 'SlackWebClient'],
    // Teams cannot take a file from a bot in a channel, so a CSV is a signed download link; Slack uploads the file.
    teams: ['TeamsCsvDownloads'],
  },
};

function typeScriptFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return typeScriptFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** The names a module exports: declarations marked `export` and `export { … }` lists. */
function exportedNames(path: string): string[] {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, false);
  const names: string[] = [];
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement)) {
      if (statement.exportClause && ts.isNamedExports(statement.exportClause)) names.push(...statement.exportClause.elements.map((element) => element.name.text));
      continue;
    }
    const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
    if (!exported) continue;
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) if (ts.isIdentifier(declaration.name)) names.push(declaration.name.text);
    } else if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement) || ts.isEnumDeclaration(statement)) && statement.name) {
      names.push(statement.name.text);
    }
  }
  return names;
}

/** The platform word in any case becomes one placeholder, so mirrored names compare equal. */
function neutral(name: string): string {
  return name.replace(/Slack|Teams/g, 'Platform').replace(/SLACK|TEAMS/g, 'PLATFORM').replace(/slack|teams/g, 'platform');
}

interface MirroredPair {
  slackPath: string;
  slack: string[];
  teams: string[];
}

function mirroredPairs(): MirroredPair[] {
  const slackFolder = join(CHANNELS, 'slack');
  return typeScriptFiles(slackFolder).flatMap((slackFile) => {
    const slackPath = relative(slackFolder, slackFile);
    const teamsFile = join(CHANNELS, 'teams', slackPath.replace(/slack/g, 'teams'));
    try {
      statSync(teamsFile);
    } catch {
      return [];
    }
    return [{ slackPath, slack: exportedNames(slackFile), teams: exportedNames(teamsFile) }];
  });
}

/** Names one side exports that the other side has under no platform-swapped name. */
function unmatched(names: string[], others: string[]): string[] {
  const otherNeutral = new Set(others.map(neutral));
  return names.filter((name) => !otherNeutral.has(neutral(name)));
}

const pairs = mirroredPairs();

describe('one name per concept in slack/ and teams/', () => {
  it('finds the mirrored files (the check reads something)', () => {
    expect(pairs.map((pair) => pair.slackPath)).toEqual(expect.arrayContaining(['types.ts', 'streaming/answer-stream.ts', 'inbound/turn-request.ts', 'outbox/slack-outbox.ts']));
  });

  it.each(pairs)('$slackPath and its Teams mirror export the same concepts under the same names', ({ slackPath, slack, teams }) => {
    const allowed = PLATFORM_ONLY[slackPath] ?? {};
    const slackOnly = unmatched(slack, teams).filter((name) => !(allowed.slack ?? []).includes(name));
    const teamsOnly = unmatched(teams, slack).filter((name) => !(allowed.teams ?? []).includes(name));
    expect({ slackOnly, teamsOnly }).toEqual({ slackOnly: [], teamsOnly: [] });
  });

  it('lists no platform-only export that is gone or now has a mirror', () => {
    const stale: string[] = [];
    for (const [slackPath, allowed] of Object.entries(PLATFORM_ONLY)) {
      const pair = pairs.find((candidate) => candidate.slackPath === slackPath);
      if (!pair) {
        stale.push(`${slackPath}: no longer a mirrored pair`);
        continue;
      }
      for (const name of allowed.slack ?? []) if (!unmatched(pair.slack, pair.teams).includes(name)) stale.push(`${slackPath}: slack ${name}`);
      for (const name of allowed.teams ?? []) if (!unmatched(pair.teams, pair.slack).includes(name)) stale.push(`${slackPath}: teams ${name}`);
    }
    expect(stale).toEqual([]);
  });
});
