// The SDK's CloudAdapter, built from the app credentials the configuration reads under the SDK's
// standard names (clientId, clientSecret, tenantId). Without a clientId the SDK accepts requests
// unauthenticated, which is right for the Microsoft 365 Agents Playground and wrong anywhere
// else: say so loudly, and refuse in production (the SDK throws a terse error there; ours says
// what to set).
import { CloudAdapter, type HeaderPropagationCollection, type TurnContext, type UserTokenClient } from '@microsoft/agents-hosting';
import { TeamsConfigurationError } from './teams-errors.js';

export interface TeamsAuthOptions {
  clientId?: string;
  clientSecret?: string;
  tenantId?: string;
}

export interface TeamsLogger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export const LOCAL_MODE_WARNING =
  'Teams runs WITHOUT AUTHENTICATION (no clientId set): anyone who can reach /api/messages can talk to the bot. ' +
  'This is only for the Microsoft 365 Agents Playground on your machine. To connect to Teams, set clientId, ' +
  'clientSecret and tenantId from your Azure Bot registration (see docs/teams.md).';

export const PRODUCTION_WITHOUT_CREDENTIALS_MESSAGE =
  'Teams: NODE_ENV is "production" but no app credentials are set, and the Microsoft 365 Agents SDK refuses to run ' +
  'unauthenticated in production. Set clientId, clientSecret and tenantId (the Azure Bot app registration, see ' +
  'docs/teams.md), or, to try the bot locally in the Agents Playground, start it without NODE_ENV=production.';

export interface TeamsAdapterOptions {
  /**
   * The Bot Framework token service (user sign-in through the Azure Bot OAuth connection). Unset:
   * the SDK's default, https://api.botframework.com (or its TOKEN_SERVICE_ENDPOINT). Sovereign
   * clouds and tests set it.
   */
  tokenServiceUrl?: string;
}

/** The SDK's adapter, with the token service's base URL chosen by our configuration. */
class DatathreadCloudAdapter extends CloudAdapter {
  constructor(
    auth: TeamsAuthOptions,
    private readonly tokenServiceUrl: string | undefined,
  ) {
    super(
      { clientId: auth.clientId, clientSecret: auth.clientSecret, tenantId: auth.tenantId },
      undefined,
      undefined,
      { validateServiceUrl: Boolean(auth.clientId) },
    );
  }

  protected override createUserTokenClient(
    identity: TurnContext['identity'],
    tokenServiceEndpoint?: string,
    scope?: string,
    audience?: string,
    headers?: HeaderPropagationCollection,
  ): Promise<UserTokenClient> {
    // An undefined endpoint lets the SDK apply its own default.
    return super.createUserTokenClient(identity, tokenServiceEndpoint ?? this.tokenServiceUrl, scope, audience, headers);
  }
}

export function createTeamsAdapter(auth: TeamsAuthOptions, logger: TeamsLogger, options: TeamsAdapterOptions = {}): CloudAdapter {
  let adapter: CloudAdapter;
  try {
    // Explicit keys, even when undefined, so values from this process's environment that the SDK
    // reads by itself cannot override what the validated configuration decided.
    // With credentials, an activity whose serviceUrl does not match the token's `serviceurl` claim
    // is rejected: replies must not be sent to an address an attacker chose.
    adapter = new DatathreadCloudAdapter(auth, options.tokenServiceUrl);
  } catch (error) {
    if (error instanceof Error && /ClientId required in production/i.test(error.message)) {
      throw new TeamsConfigurationError(PRODUCTION_WITHOUT_CREDENTIALS_MESSAGE, { cause: error });
    }
    throw error;
  }
  if (!auth.clientId) logger.warn(LOCAL_MODE_WARNING);
  // The SDK's default posts "The agent encountered an error or bug" into the thread; our turn
  // runner already tells the user once, so here it is only logged.
  adapter.onTurnError = async (_context, error) => {
    logger.error('Teams turn error', { error: error.message });
  };
  return adapter;
}
