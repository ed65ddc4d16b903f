// `groups:` in datathread.yaml and group entries in rules and person lists: read into the loaded
// config, and a `group:` entry naming no defined group is an error that names the key.
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config/config-error.js';
import { readEnvironment } from '../../src/config/environment.js';
import { parseConfigText } from '../../src/config/load-config.js';
import { personEntriesOf } from '../../src/config/person-entries.js';

const DATABASES = 'databases:\n  - { name: ledger, type: duckdb, path: ":memory:" }\n';

function parse(text: string) {
  return parseConfigText(DATABASES + text, 'datathread.yaml', readEnvironment({}));
}

describe('groups in the config', () => {
  it('reads named groups, rule groups and the feature lists', () => {
    const config = parse(
      [
        'groups:',
        '  finance: [ana@example.com, U012AB3CD, slack-group:S0123ABC]',
        'access:',
        '  rules:',
        '    - { databases: [ledger], groups: [finance, entra-group:0f1e] }',
        'verification: { verifiers: ["group:finance"] }',
        'admins: [U0ADMIN]',
      ].join('\n'),
    );
    expect(config.groups).toEqual({ finance: ['ana@example.com', 'U012AB3CD', 'slack-group:S0123ABC'] });
    expect(config.accessRules[0]?.groups).toEqual(['finance', 'entra-group:0f1e']);
    expect(config.featureLists).toEqual({ verifier: ['group:finance'], admin: ['U0ADMIN'] });
  });

  it('refuses a group entry that names no defined group, naming the key', () => {
    const attempt = () => parse(['groups: { finance: [U1] }', 'access:', '  rules:', '    - { databases: [ledger], groups: [fnance] }', 'admins: ["group:ops"]'].join('\n'));
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/access\.rules\[0\]\.groups.*names the group "fnance", which is not defined under groups:/);
    expect(attempt).toThrow(/admins.*names the group "ops"/);
  });

  it('refuses a budget override naming an undefined group, and reads the Slack groups overrides name', () => {
    const attempt = () => parse(['groups: { finance: [U1] }', 'budgets:', '  overrides:', '    - { users: ["group:fin"], per_user: { usd_per_month: 5 } }'].join('\n'));
    expect(attempt).toThrow(/budgets\.overrides\[0\]\.users.*names the group "fin"/);
    const config = parse(['groups: { finance: [U1] }', 'budgets:', '  overrides:', '    - { users: ["group:finance", "slack-group:S0INTERNS"], per_user: { usd_per_month: 5 } }'].join('\n'));
    expect(personEntriesOf(config)).toContain('slack-group:S0INTERNS');
  });
});
