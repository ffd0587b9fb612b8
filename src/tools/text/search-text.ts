/** Tokens for lexical search in English and Japanese. */
import { normalize } from "./words";

const STOP_WORDS = new Set(
  "a an and are as at be by can could do does for from has have how i if in is it its may me much of on or our shall should so than that the their then there these this to was we what when where which who whom will with would you".split(
    " ",
  ),
);
const CJK_RUN = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+/g;
const HIRAGANA_ONLY = /^[\u3040-\u309f]+$/;

/** Latin words stemmed, without stop words; CJK runs as bigrams, except hiragana-only ones (mostly particles and endings). */
export function tokenize(text: string): string[] {
  const normalised = normalize(text);
  const terms: string[] = [];
  for (const token of normalised.replace(CJK_RUN, " ").match(/\d[\d,]*(?:\.\d+)?|[a-z0-9]+(?:'[a-z]+)?/g) ?? []) {
    if (/^\d/.test(token)) terms.push(token.replace(/,/g, ""));
    else if (!STOP_WORDS.has(token)) terms.push(stem(token));
  }
  for (const [run] of normalised.matchAll(CJK_RUN)) {
    if (run.length === 1) terms.push(run);
    for (let i = 0; i + 1 < run.length; i++) {
      const bigram = run.slice(i, i + 2);
      if (!HIRAGANA_ONLY.test(bigram)) terms.push(bigram);
    }
  }
  return terms;
}

const SUFFIXES = "ations ation ating ated ates ate ings ing ions ion als al ers er ed es e s".split(" ");

/** "approves", "approval", "approver" → "approv"; "quotation", "quotes" → "quot"; "policies" → "policy". */
function stem(word: string): string {
  const base = word.endsWith("'s") ? word.slice(0, -2) : word;
  if (base.length > 4 && base.endsWith("ies")) return `${base.slice(0, -3)}y`;
  const suffix = SUFFIXES.find((ending) => base.endsWith(ending) && base.length - ending.length >= 3);
  return suffix === undefined ? base : base.slice(0, -suffix.length);
}
