// Federated identity (Microsoft Entra ID): what the rest of datathread may use. See docs/identity.md.
export { createCredentialProvider, type CredentialProvider } from './credential-provider.js';
export { EncryptionKeyError, IdentityProviderError, SignInStateError } from './identity-errors.js';
export { attachIdentityRoutes, type IdentityRoutesDeps } from './identity-routes.js';
export { createIdentityService, type IdentityService, type IdentityServiceOptions } from './identity-service.js';
export {
  assertIdentityConfiguration,
  identityConfigurationProblems,
  identitySettingsFrom,
  type EntraAppSettings,
  type IdentitySettings,
} from './identity-settings.js';
export { SIGN_IN_CALLBACK_PATH, SIGN_IN_START_PATH, SlackAccountLinking, type LinkedListener } from './slack-account-linking.js';
export { createTokenCipher, parseEncryptionKey, type TokenCipher } from './token-cipher.js';
export { slackUserKey, teamsUserKey, userKeyForActor } from './user-keys.js';
