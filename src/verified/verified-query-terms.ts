// The words of a question that carry its meaning, as the verified-query search compares them:
// lower case, without the words every question has ("what", "the", "show me"), and cut to a
// rough stem so "orders" meets "order" and "monthly" meets "month".
const STOP_WORDS = new Set(
  (
    'a an the of in on at to for from by with and or is are was were be been do does did how what which who whom whose when where why ' +
    'me my our we us you your i it its this that these those there their they them show give list tell get find please can could would ' +
    'should will much many number count each per all any some as into than then so about over under between during up down out'
  ).split(' '),
);

const SUFFIXES = ['ations', 'ation', 'ings', 'ing', 'ies', 'ers', 'er', 'ly', 'ed', 'es', 's'];
const MIN_STEM_CHARACTERS = 3;

/** The stem of one lower-case word; undefined for a stop word. */
export function meaningfulTerm(word: string): string | undefined {
  const lower = word.toLowerCase();
  if (lower.length < 2 || STOP_WORDS.has(lower)) return undefined;
  for (const suffix of SUFFIXES) {
    if (lower.endsWith(suffix) && lower.length - suffix.length >= MIN_STEM_CHARACTERS) return lower.slice(0, -suffix.length);
  }
  return lower;
}

export function splitWords(text: string): string[] {
  return text.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '');
}

/** The distinct meaningful terms of a text. */
export function meaningfulTerms(text: string): Set<string> {
  return new Set(splitWords(text).map(meaningfulTerm).filter((term): term is string => term !== undefined));
}
