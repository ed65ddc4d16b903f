// Verified-query retrieval, measured: 20 verified queries, each asked 3 more times in
// other words, and 20 unrelated questions. The right query must be among the examples given to the
// model for at least 54 of the 60 paraphrases, and no example may be given for at least 18 of the
// 20 unrelated questions. The counts are printed so the README's figures can be checked.
import { describe, expect, it } from 'vitest';
import { VerifiedQuerySearch } from '../../src/verified/verified-query-search.js';
import type { VerifiedQuery } from '../../src/verified/verified-query.js';
import { RETRIEVAL_CASES, UNRELATED_QUESTIONS } from './fixtures/verified-retrieval-set.js';

const verified: VerifiedQuery[] = RETRIEVAL_CASES.map((entry, index) => ({
  id: `case-${index}`,
  question: entry.question,
  paraphrases: [],
  sql: entry.sql,
  verifiedBy: 'Ana',
  verifiedAt: '2026-11-02',
  source: 'file',
}));

describe('verified-query retrieval', () => {
  const search = new VerifiedQuerySearch(verified);

  it('gives the right verified query for at least 54 of 60 paraphrases', () => {
    const missed: string[] = [];
    let found = 0;
    RETRIEVAL_CASES.forEach((entry, index) => {
      for (const paraphrase of entry.paraphrases) {
        const given = search.closest(paraphrase).map((match) => match.query.id);
        if (given.includes(`case-${index}`)) found += 1;
        else missed.push(`${paraphrase} -> [${given.join(', ')}]`);
      }
    });
    console.info(`verified retrieval: right query given for ${found} of 60 paraphrases; missed: ${JSON.stringify(missed)}`);
    expect(found).toBeGreaterThanOrEqual(54);
  });

  it('gives no example for at least 18 of 20 unrelated questions', () => {
    const given = UNRELATED_QUESTIONS.map((question) => ({ question, examples: search.closest(question).map((match) => match.query.question) }));
    const none = given.filter((entry) => entry.examples.length === 0).length;
    console.info(`verified retrieval: no example for ${none} of 20 unrelated questions; given: ${JSON.stringify(given.filter((entry) => entry.examples.length > 0))}`);
    expect(none).toBeGreaterThanOrEqual(18);
  });

  it('gives at most three examples, and each verified query once', () => {
    const many = new VerifiedQuerySearch([...verified, ...verified.map((query) => ({ ...query, id: `${query.id}-copy` }))]);
    const given = many.closest('total revenue orders customers products');
    expect(given.length).toBeLessThanOrEqual(3);
    expect(new Set(given.map((match) => match.query.id)).size).toBe(given.length);
  });

  it('the question itself finds its query first', () => {
    for (const [index, entry] of RETRIEVAL_CASES.entries()) expect(search.closest(entry.question)[0]?.query.id).toBe(`case-${index}`);
  });
});
