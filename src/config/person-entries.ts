// Every entry the config names a person or group with (access rules, named groups, feature
// lists, budget overrides): the channels read only the platform groups named here.
import type { LoadedConfig } from './load-config.js';

export function personEntriesOf(config: Pick<LoadedConfig, 'accessRules' | 'groups' | 'featureLists'> & Partial<Pick<LoadedConfig, 'budgets'>>): string[] {
  return [
    ...config.accessRules.flatMap((rule) => [...(rule.users ?? []), ...(rule.groups ?? [])]),
    ...Object.values(config.groups).flat(),
    ...config.featureLists.verifier,
    ...config.featureLists.admin,
    ...(config.budgets?.overrides ?? []).flatMap((override) => override.users ?? []),
  ];
}
