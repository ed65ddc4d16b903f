// What a remembered correction may hold. A memory is shown to everyone in its scope, in every later
// turn, so it must be a rule in words: never a credential (password, token, key, connection string)
// and never data (rows, tables, long lists of values). The check errs on refusing: a refused memory
// costs a rephrasing, a kept secret leaks into every prompt.

/** A memory is one sentence; longer text is more likely notes or pasted data. */
export const MAX_MEMORY_CHARACTERS = 300;
/** "Exclude accounts 17, 23 and 99" is a rule; a dozen literal values are data. */
export const MAX_MEMORY_LITERAL_VALUES = 4;

export type MemoryRefusalKind = 'empty' | 'too_long' | 'secret' | 'connection_string' | 'data';

export interface MemoryRefusal {
  kind: MemoryRefusalKind;
  /** One sentence the model passes on to the user. */
  reason: string;
}

const SECRET_REASON = 'It looks like it holds a secret (a password, token or key). Memories are shown to everyone in their scope, so credentials are never remembered.';
const CONNECTION_REASON = 'It looks like it holds a connection string. Database connections are configured by an admin, never remembered.';
const DATA_REASON = `It looks like rows of data (a table or more than ${MAX_MEMORY_LITERAL_VALUES} literal values). Remember the rule in words instead, and keep the data in the database.`;

/** Well-known token shapes: Slack, OpenAI/Anthropic-style, GitHub, AWS, Google, JWTs, PEM keys, Bearer headers. */
const TOKEN_PATTERNS: RegExp[] = [
  /\bxox[abposr]-[A-Za-z0-9-]{6,}/,
  /\bxapp-[A-Za-z0-9-]{6,}/,
  /\bsk-(?:ant-|proj-)?[A-Za-z0-9_-]{12,}/,
  /\bgh[pousr]_[A-Za-z0-9]{16,}/,
  /\bgithub_pat_[A-Za-z0-9_]{16,}/,
  /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/,
  /\bAIza[0-9A-Za-z_-]{20,}/,
  /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{4,}/,
  /-----BEGIN [A-Z ]*(?:PRIVATE KEY|CERTIFICATE)-----/,
  /\bBearer\s+[A-Za-z0-9._~+/-]{12,}=*/i,
  // Stripe, GitLab, npm, Hugging Face, Databricks, Google OAuth access tokens, Slack webhooks.
  /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{12,}/,
  /\bglpat-[A-Za-z0-9_-]{16,}/,
  /\bnpm_[A-Za-z0-9]{24,}/,
  /\bhf_[A-Za-z0-9]{24,}/,
  /\bdapi[0-9a-f]{24,}/,
  /\bya29\.[A-Za-z0-9_-]{16,}/,
  /hooks\.slack\.com\/services\/[A-Za-z0-9/]+/,
];

/**
 * A secret written in prose: "use the password hunter2", "the password for the reader is p4ss!",
 * "log in with passphrase swordfish". A credential word followed by a value is refused when the
 * value mixes letters with digits or symbols (as passwords do, and words rarely), or when the
 * sentence tells someone to use that value as the credential.
 */
const CREDENTIAL_WORD = '(?:passwords?|passwd|pwd|pass ?phrases?|secrets?|tokens?|api[ _-]?keys?|access[ _-]?keys?|secret[ _-]?keys?|client[ _-]?secrets?|private[ _-]?keys?)';
const MIXED_VALUE = String.raw`["'\`]?(?=[^\s"'\`]*[A-Za-z])(?=[^\s"'\`]*[\d!@#$%^&*?~+])[^\s"'\`,;]{4,}`;
const CREDENTIAL_THEN_MIXED_VALUE = new RegExp(String.raw`\b${CREDENTIAL_WORD}\b(?:\s+(?:for|of|on|to|in|the|a|an|our|my|this|that|[\w-]+)){0,4}?\s*(?:is|was|are|=|:|->|equals)?\s*${MIXED_VALUE}`, 'i');
const USE_CREDENTIAL_VALUE = new RegExp(String.raw`\b(?:use|using|with|enter|type|set|sign in with|log ?in with)\s+(?:the\s+|a\s+|an\s+|our\s+)?${CREDENTIAL_WORD}\s+["'\`]?([A-Za-z][^\s"'\`,.;]{3,})`, 'i');
/** Words that follow "use the password …" in a rule about credentials, not a value. */
const NOT_A_VALUE = new Set(
  'policy policies reset resets field fields column columns hash hashes hashed change changes rotation expiry manager count counts usage limit limits table tables length rule rules requirements from stored vault instead only again when if for from of in on to and or but that which'.split(' '),
);

function holdsCredentialInProse(text: string): boolean {
  if (CREDENTIAL_THEN_MIXED_VALUE.test(text)) return true;
  const value = USE_CREDENTIAL_VALUE.exec(text)?.[1];
  return value !== undefined && !NOT_A_VALUE.has(value.toLowerCase());
}

/** "password: hunter2", "api key = abc", "the secret is xyz", "pwd hunter2". */
const CREDENTIAL_ASSIGNMENT = /\b(?:passwords?|passwd|pwd|pass ?phrase|secret(?: key)?|api[ _-]?keys?|access[ _-]?keys?|tokens?|client[ _-]?secret|private[ _-]?key|credentials?)\b\s*(?:is|are|=|:|->)\s*["'`]?[^\s"'`]{3,}/i;

const CONNECTION_PATTERNS: RegExp[] = [
  // user:password@host in any URL.
  /\b[a-z][a-z0-9+.-]*:\/\/[^\s/@:]+:[^\s/@]+@/i,
  // Database URLs, even without a password.
  /\b(?:postgres(?:ql)?|mysql|mariadb|mongodb(?:\+srv)?|redis|rediss|sqlserver|mssql|clickhouse|snowflake|databricks|trino|presto|oracle|amqp)(?:\+[a-z0-9]+)?:\/\/\S+/i,
  /\bjdbc:[a-z0-9]+:/i,
  /\bodbc:/i,
  // ADO.NET / ODBC key=value connection strings.
  /\b(?:server|data source|host|user id|uid|initial catalog|accountkey|sharedaccesskey|password|pwd)\s*=\s*[^;\s]+\s*;/i,
];

/** A number (with thousands separators, decimals, dates, times) or a quoted string. */
const LITERAL_VALUE = /(?<![A-Za-z_])\d+(?:[.,:/-]\d+)*(?![A-Za-z_])|'[^']*'|"[^"]*"/g;

export function checkMemoryText(text: string): MemoryRefusal | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty', reason: 'There is nothing to remember: write the rule as one sentence.' };
  if (CONNECTION_PATTERNS.some((pattern) => pattern.test(trimmed))) return { kind: 'connection_string', reason: CONNECTION_REASON };
  if (TOKEN_PATTERNS.some((pattern) => pattern.test(trimmed)) || CREDENTIAL_ASSIGNMENT.test(trimmed) || holdsCredentialInProse(trimmed) || hasRandomLookingWord(trimmed)) {
    return { kind: 'secret', reason: SECRET_REASON };
  }
  if (looksLikeData(trimmed)) return { kind: 'data', reason: DATA_REASON };
  if (trimmed.length > MAX_MEMORY_CHARACTERS) {
    return { kind: 'too_long', reason: `It is longer than ${MAX_MEMORY_CHARACTERS} characters: a memory is one sentence, a rule or a definition.` };
  }
  return undefined;
}

/** Rows: table pipes, several lines of comma- or tab-separated values, or many literal values. */
function looksLikeData(text: string): boolean {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  if (lines.filter((line) => (line.match(/\|/g) ?? []).length >= 2).length >= 2) return true;
  if (lines.length >= 2 && lines.filter((line) => /[,;\t]/.test(line)).length >= 2) return true;
  return (text.match(LITERAL_VALUE) ?? []).length > MAX_MEMORY_LITERAL_VALUES;
}

/**
 * A long word mixing upper case, lower case and digits the way generated keys do. Identifiers
 * people write (`fact_orders_2024`, `NetRevenue2025`) are shorter or have too few digits and capitals.
 */
function hasRandomLookingWord(text: string): boolean {
  for (const word of text.match(/[A-Za-z0-9+/=_-]{24,}/g) ?? []) {
    const digits = (word.match(/\d/g) ?? []).length;
    const capitals = (word.match(/[A-Z]/g) ?? []).length;
    const lower = (word.match(/[a-z]/g) ?? []).length;
    if (digits >= 4 && capitals >= 4 && lower >= 4) return true;
    if (/^[0-9a-f]{32,}$/i.test(word) && digits >= 6) return true;
  }
  return false;
}
