// Validates cards with the official Adaptive Cards parser (npm `adaptivecards`, the library the
// renderers use), for the schema version each card declares:
//  1. parse events (unknown element types, invalid enum values, elements newer than the version),
//  2. the parser's own property validation (required properties, duplicate ids, …),
//  3. a round trip: what the parser serialises back must equal what we sent, so any property it
//     does not know or does not accept for that version shows up as a difference.
// The Teams host extension `msteams` on the card root is the one property not checked that way.
// The parser's package `main` is a browser build with extension-less imports that Node cannot
// load; its UMD bundle under dist/ works in Node for parsing.

interface AdaptiveCardsModule {
  AdaptiveCard: new () => {
    parse(json: unknown, context: unknown): void;
    toJSON(context: unknown): unknown;
    validateProperties(): { validationEvents: Array<{ message: string }> };
  };
  SerializationContext: new (targetVersion: unknown) => { eventCount: number; getEventAt(index: number): { message: string } };
  Versions: Record<string, unknown>;
}

const PARSER_MODULE = 'adaptivecards/dist/adaptivecards.js';
let parserModule: Promise<AdaptiveCardsModule> | undefined;

async function loadParser(): Promise<AdaptiveCardsModule> {
  parserModule ??= import(/* @vite-ignore */ PARSER_MODULE)
    .then((loaded: { default?: AdaptiveCardsModule } & Partial<AdaptiveCardsModule>) => (loaded.AdaptiveCard ? loaded : loaded.default) as AdaptiveCardsModule)
    .catch((error: unknown) => {
      throw new Error(
        `The Adaptive Cards parser is not installed (${String(error)}). Add it as a dev dependency: npm install --save-dev adaptivecards@3.0.6`,
      );
    });
  return parserModule;
}

export async function adaptiveCardProblems(card: unknown): Promise<string[]> {
  const parser = await loadParser();
  const problems: string[] = [];
  if (typeof card !== 'object' || card === null) return ['card is not an object'];
  const declared = (card as { version?: unknown }).version;
  const version = typeof declared === 'string' ? parser.Versions[`v${declared.replace('.', '_')}`] : undefined;
  if (!version) return [`card declares no known version (${String(declared)})`];

  const parsed = new parser.AdaptiveCard();
  const context = new parser.SerializationContext(version);
  parsed.parse(card, context);
  for (let index = 0; index < context.eventCount; index += 1) problems.push(`parse: ${context.getEventAt(index).message}`);
  for (const event of parsed.validateProperties().validationEvents) problems.push(`validate: ${event.message}`);

  const { msteams: _teamsExtension, ...portable } = card as Record<string, unknown>;
  const roundTripped = parsed.toJSON(new parser.SerializationContext(version));
  problems.push(...differences(portable, roundTripped, '$'));
  return problems;
}

function differences(sent: unknown, parsed: unknown, path: string): string[] {
  if (Array.isArray(sent) && Array.isArray(parsed)) {
    const found = sent.length === parsed.length ? [] : [`${path}: ${sent.length} items sent, the parser kept ${parsed.length}`];
    return [...found, ...sent.flatMap((item, index) => differences(item, parsed[index], `${path}[${index}]`))];
  }
  if (isRecord(sent) && isRecord(parsed)) {
    const keys = new Set([...Object.keys(sent), ...Object.keys(parsed)]);
    return [...keys].flatMap((key) => {
      if (!(key in parsed)) return [`${path}.${key}: not accepted by the parser (unknown, invalid or a default value)`];
      if (!(key in sent)) return [`${path}.${key}: added by the parser`];
      return differences(sent[key], parsed[key], `${path}.${key}`);
    });
  }
  return Object.is(sent, parsed) ? [] : [`${path}: sent ${JSON.stringify(sent)}, parser kept ${JSON.stringify(parsed)}`];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const ADAPTIVE_CARD_CONTENT_TYPE = 'application/vnd.microsoft.card.adaptive';
/** The one other attachment the bot sends: the token service's sign-in card, built by the SDK. */
const OAUTH_CARD_CONTENT_TYPE = 'application/vnd.microsoft.card.oauth';

/**
 * The problems of every attachment the bot sent in these activities: each Adaptive Card checked by
 * the parser, and any attachment that is neither an Adaptive Card nor the SDK's sign-in card.
 */
export async function attachmentProblemsIn(activities: Array<{ activity: { attachments?: unknown } }>): Promise<string[]> {
  const problems: string[] = [];
  for (const { activity } of activities) {
    for (const attachment of (activity.attachments as Array<{ contentType?: string; content: unknown }> | undefined) ?? []) {
      if (attachment.contentType === ADAPTIVE_CARD_CONTENT_TYPE) problems.push(...(await adaptiveCardProblems(attachment.content)));
      else if (attachment.contentType !== OAUTH_CARD_CONTENT_TYPE) problems.push(`unexpected attachment type ${String(attachment.contentType)}`);
    }
  }
  return problems;
}
