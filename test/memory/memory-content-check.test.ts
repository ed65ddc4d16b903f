// The memory content check: rules in words pass; credentials, connection strings and rows of data
// are refused with a reason the model can pass on. Identifiers, dates and a few values must not
// trip it (a false refusal costs a correction the team wanted kept).
import { describe, expect, it } from 'vitest';
import { checkMemoryText, MAX_MEMORY_CHARACTERS } from '../../src/memory/memory-content-check.js';

const kindOf = (text: string) => checkMemoryText(text)?.kind;

describe('memory content check', () => {
  it.each([
    'Revenue means net of refunds.',
    'The fiscal year starts on 1 February.',
    'Exclude test accounts (email ending in @example.com) from every customer count.',
    'Exclude accounts 17, 23 and 99: they are internal.',
    'Orders before 2024-01-01 are in the legacy_orders table, not fact_orders_2024.',
    'Use NetRevenue2025 rather than GrossRevenue in the finance schema.',
    'Active users means at least one login in the last 30 days.',
    'When someone says "last quarter" they mean the last completed fiscal quarter.',
    'The password reset table is auth.password_resets; it holds no passwords.',
    'Token counts are in the usage_tokens column of llm_calls.',
    'Use the password policy table for audits, not the login log.',
    'Count API key rotations per month in security.key_events since 2024.',
    'The token for Slack is stored in the vault, never in a table.',
    'Tokens per turn is input_tokens plus output_tokens in 2025 reports.',
  ])('keeps a rule in words: %s', (text) => {
    expect(checkMemoryText(text)).toBeUndefined();
  });

  it.each([
    ['The warehouse password is hunter2!'],
    ['password: S3cr3t-Pa55'],
    ['Use api key = 9f8e7d6c5b4a'],
    ['Slack token xoxb-1234567890-abcdefghij'],
    ['OpenAI key sk-proj-abcdefghijklmnop1234'],
    ['Our GitHub token is ghp_abcdefghijklmnopqrstuvwxyz012345'],
    ['AWS access key AKIAIOSFODNN7EXAMPLE for the lake'],
    ['Send Authorization: Bearer abcdefghijklmnop.qrstuvwx'],
    ['Use eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U to sign in'],
    ['-----BEGIN PRIVATE KEY----- MIIEvQIBADANBg'],
    ['The shared secret is Zx9QwErTy7UiOp3AsDfGh5JkL2'],
    ['Remember aB3dE5gH7jK9mN1pQ3rS5tU7vW9xY1z for the export'],
  ])('refuses a secret: %s', (text) => {
    expect(kindOf(text)).toBe('secret');
    expect(checkMemoryText(text)?.reason).toMatch(/secret/);
  });

  it.each([
    ['Use the password hunter2 for the reader account.'],
    ['The password for the reader account is p4ssw0rd!'],
    ['Log in with passphrase swordfish when the dashboard asks.'],
    ['Our api key 9f8e7d6c5b4a opens the export.'],
    ['Set the token ab12cd34ef for the nightly job.'],
    ['Stripe is reached with sk_live_abcdefghijklmnop1234.'],
    ['The GitLab token glpat-abcdefghijklmnopqrst works for CI.'],
  ])('refuses a secret written in prose: %s', (text) => {
    expect(kindOf(text)).toBe('secret');
    expect(checkMemoryText(text)?.reason).toMatch(/secret/);
  });

  it.each([
    ['Connect with postgres://analyst:pa55@db.internal:5432/warehouse'],
    ['The warehouse is at postgresql://db.internal/warehouse'],
    ['Use mongodb+srv://cluster0.example.net/app for events'],
    ['jdbc:sqlserver://sql.internal:1433;databaseName=sales'],
    ['Server=sql.internal;Database=sales;User Id=bot;Password=pw;'],
    ['Reports live at https://bob:opensesame@reports.internal/q1'],
  ])('refuses a connection string: %s', (text) => {
    expect(kindOf(text)).toBe('connection_string');
    expect(checkMemoryText(text)?.reason).toMatch(/connection string/);
  });

  it.each([
    ['| region | total |\n| North | 300 |\n| South | 50 |'],
    ['region,total\nNorth,300\nSouth,50'],
    ['North sold 300, South 50, East 75, West 20 and Central 90 last year.'],
    ["The VIP customers are 'Acme', 'Globex', 'Initech', 'Umbrella' and 'Hooli'."],
    ['Targets: 1200, 1300, 1250, 1400, 1500.'],
  ])('refuses rows of data: %s', (text) => {
    expect(kindOf(text)).toBe('data');
    expect(checkMemoryText(text)?.reason).toMatch(/rows of data/);
  });

  it('refuses nothing to remember and notes that are not one sentence', () => {
    expect(kindOf('   ')).toBe('empty');
    expect(kindOf(`Revenue ${'really '.repeat(60)}means net.`)).toBe('too_long');
    expect(checkMemoryText('a'.repeat(MAX_MEMORY_CHARACTERS))).toBeUndefined();
  });
});
