// Builds msal-node ConfidentialClientApplications from the settings. `knownAuthorities` (default:
// the authority's own host) makes msal-node skip Microsoft's instance-discovery call; with
// `authorityMetadata` it skips fetching the OpenID configuration too. msal-node accepts https
// authorities only (authority_uri_insecure otherwise); `networkClient` carries private CAs.
import { ConfidentialClientApplication, LogLevel, type Configuration, type ICachePlugin } from '@azure/msal-node';
import type { Logger } from '../logging/logger.js';
import type { EntraAppSettings } from './identity-settings.js';

export function createConfidentialClient(settings: EntraAppSettings, options: { cachePlugin?: ICachePlugin; logger?: Logger } = {}): ConfidentialClientApplication {
  const configuration: Configuration = {
    auth: {
      clientId: settings.clientId,
      clientSecret: settings.clientSecret,
      authority: settings.authority,
      knownAuthorities: settings.knownAuthorities ?? [new URL(settings.authority).host],
      ...(settings.authorityMetadata ? { authorityMetadata: settings.authorityMetadata } : {}),
      ...(settings.cloudDiscoveryMetadata ? { cloudDiscoveryMetadata: settings.cloudDiscoveryMetadata } : {}),
    },
    cache: options.cachePlugin ? { cachePlugin: options.cachePlugin } : undefined,
    system: {
      ...(settings.networkClient ? { networkClient: settings.networkClient } : {}),
      loggerOptions: {
        // Personal data (and anything token-like) stays out of msal's own log lines.
        piiLoggingEnabled: false,
        logLevel: LogLevel.Warning,
        loggerCallback: (level, message, containsPii) => {
          if (containsPii || level > LogLevel.Warning) return;
          options.logger?.warn('msal-node', { detail: message });
        },
      },
    },
  };
  return new ConfidentialClientApplication(configuration);
}
