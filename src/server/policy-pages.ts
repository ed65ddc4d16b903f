// GET /privacy and GET /terms: the pages the Teams app manifest links to (the Developer Portal and
// the Teams store show them). Plain pages that say what this deployment processes and keeps; an
// operator with their own policy points the manifest elsewhere (PRIVACY_URL / TERMS_URL when
// packaging, see scripts/teams-package.mjs).
import type { Express } from 'express';

export const PRIVACY_PATH = '/privacy';
export const TERMS_PATH = '/terms';

const PRIVACY_PARAGRAPHS = [
  'datathread is a data analyst bot run by the organisation that installed it in Slack or Microsoft Teams. This page describes what the software does with data; the organisation running it decides who may use it and how long its data is kept.',
  'What it processes: the messages in which it is mentioned and the threads (or chats) it answers in, the names and ids of the people and channels involved, the buttons people press, and the results of the read-only SQL queries it runs on the databases the organisation configured.',
  'Where data goes: the conversation, the database schemas and query results needed to answer are sent to the AI model provider the organisation configured (for example OpenAI, Azure OpenAI, Anthropic, Google, Amazon Bedrock or a self-hosted model). Charts are drawn on the organisation\'s own server.',
  'What it stores: thread history, query results, charts, stories (reports), pending questions, 👍/👎 feedback with its comment, token usage and an audit of the queries it ran, in the organisation\'s own state store (SQLite or PostgreSQL). Where people sign in to query databases as themselves, their access tokens are stored encrypted.',
  'It does not sell data, show advertising, or use conversations to train models. Questions about this deployment, or requests to see or delete data, go to the organisation that runs it.',
];

const TERMS_PARAGRAPHS = [
  'datathread is provided by the organisation that installed it, for its own staff and under its own policies. Use it only for work you are allowed to do with the data it can reach.',
  'Answers are produced by an AI model from the organisation\'s data: check figures that matter before acting on them. The bot only reads data; it does not change the databases it queries.',
  'The organisation running datathread may change or withdraw it at any time. Questions go to that organisation\'s administrators.',
];

function page(title: string, paragraphs: readonly string[]): string {
  const body = paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join('\n');
  return `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>datathread — ${title}</title></head>\n<body style="font-family: sans-serif; max-width: 42rem; margin: 2rem auto; line-height: 1.5">\n<h1>datathread — ${title}</h1>\n${body}\n</body>\n</html>\n`;
}

export function attachPolicyPages(app: Express): void {
  const privacy = page('privacy', PRIVACY_PARAGRAPHS);
  const terms = page('terms of use', TERMS_PARAGRAPHS);
  app.get(PRIVACY_PATH, (_request, response) => void response.status(200).type('html').send(privacy));
  app.get(TERMS_PATH, (_request, response) => void response.status(200).type('html').send(terms));
}
