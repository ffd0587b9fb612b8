import { FALLBACK_SPECIALIST, ROUTER_REASON_CHARS, type RouterOutput, type RouterInput, type SpecialistSummary } from "../../domain";
import { lookup } from "../../domain/errors";
import { LEXICON } from "../../tools/question/lexicon";
import { phrasesFor, type Phrases } from "./phrases";
import { assessScope } from "./scope";
import { EXCLUSION_CLAUSE, specialistLikeness } from "./specialist-likeness";
import { PATTERN_KEYWORDS, containsPhrase, contentFeatures, hasCjk, usesKeyword, wordStems } from "../../tools/text/words";
import type { QuestionVocabulary } from "../../tools/question/vocabulary";

/** A specialist is selected when its score reaches this share of the best score. */
const RELATIVE_CUTOFF = 0.5;
/** Weight of one matched keyword (divided among the specialists sharing it). */
const KEYWORD_WEIGHT = 2;
/** Weight of one shared description feature (stem or bigram), divided the same way. */
const DESCRIPTION_WEIGHT = 0.5;
/**
 * Weight of the learned likeness (0..1): the largest that still routes every question of the everyday table and the golden set as the
 * keywords do, so a keyword match can be outweighed only by a clear likeness.
 */
const LIKENESS_WEIGHT = 10;

/**
 * Scores every specialist by learned likeness, matched keywords and shared description features; what several share counts less for
 * each. `learned` is false for an off-topic question: likeness to the nearest specialist is not a topic then. `lexical` (keywords and
 * description features alone) brings in a specialist besides the likeliest; `score` (plus the learned likeness) orders them.
 */
export function scoreSpecialists(question: string, specialists: SpecialistSummary[], learned = true) {
  const matched = specialists.map((s) => dropContained([...new Set(s.keywords)].filter((k) => usesKeyword(question, k))));
  const keywordShare = countShares(matched);
  const questionFeatures = contentFeatures(question);
  const descriptions = specialists.map((s) => descriptionFeatures(s.description));
  const shared = descriptions.map(({ covered }) => [...covered].filter((f) => questionFeatures.has(f)));
  const excluded = descriptions.map(({ excluded }) => [...excluded].filter((f) => questionFeatures.has(f)));
  const featureShare = countShares(shared);
  const likeness = learned ? specialistLikeness(question, specialists).relative : specialists.map(() => 0);
  return specialists.map((s, i) => {
    const lexical =
      matched[i].reduce((sum, k) => sum + (KEYWORD_WEIGHT * keywordWeight(k)) / lookup(keywordShare, k.toLowerCase(), "keyword share"), 0) +
      shared[i].reduce((sum, f) => sum + DESCRIPTION_WEIGHT / lookup(featureShare, f, "feature share"), 0) -
      DESCRIPTION_WEIGHT * excluded[i].length;
    return { id: s.id, keywords: matched[i], lexical, score: lexical + LIKENESS_WEIGHT * likeness[i] };
  });
}

/** What a description claims, and what its exclusion clauses disclaim (never both). */
export function descriptionFeatures(description: string): { covered: Set<string>; excluded: Set<string> } {
  const excluded = new Set([...description.matchAll(EXCLUSION_CLAUSE)].flatMap((match) => [...contentFeatures(match[1])]));
  const covered = [...contentFeatures(description.replace(EXCLUSION_CLAUSE, " "))].filter((feature) => !excluded.has(feature));
  return { covered: new Set(covered), excluded };
}

/**
 * The best-scoring specialist leads, joined by those whose lexical score reaches RELATIVE_CUTOFF of the best (ties keep registry order);
 * Knowledge alone when nothing matches.
 */
export function routeOffline(input: RouterInput, vocabulary: QuestionVocabulary): RouterOutput {
  const phrases = phrasesFor(input.language);
  const scope = assessScope(input.question, input.specialists, vocabulary);
  const scores = scoreSpecialists(input.question, input.specialists, scope.offTopic.length === 0)
    .map((score, index) => ({ ...score, index }))
    .sort((a, b) => b.score - a.score || a.index - b.index);
  const [lead] = scores;
  const bestLexical = Math.max(0, ...scores.map((s) => s.lexical));
  const companions = scores.slice(1).filter((s) => s.lexical > 0 && s.lexical >= bestLexical * RELATIVE_CUTOFF);
  const chosen = lead && lead.score > 0 ? [lead, ...companions].slice(0, Math.max(1, input.maxSpecialists)) : [];
  const name = (id: string) => input.specialists.find((s) => s.id === id)?.displayName[input.language] ?? id;
  const fallback = input.specialists.some((s) => s.id === FALLBACK_SPECIALIST) ? FALLBACK_SPECIALIST : input.specialists[0]?.id;
  const selected = chosen.length > 0 ? chosen.map((s) => s.id) : fallback ? [fallback] : [];
  const matches = chosen.filter((s) => s.keywords.length > 0).map((s) => ({ name: name(s.id), keywords: s.keywords }));
  return {
    selected,
    debateMode: "independent",
    evidenceNeed: evidenceNeedOf(input.question, selected.length),
    hitl: false,
    inScope: scope.inScope,
    // Nothing reads why a question is in scope (the schema asks for it only when it is not).
    scopeReason: scope.inScope ? "" : phrases.scopeOut(scope.offTopic),
    reason: matches.length > 0 ? matchedReason(phrases, matches) : phrases.routerNoMatch(name(selected[0] ?? FALLBACK_SPECIALIST)),
  };
}

/** Within ROUTER_REASON_CHARS: at least the first keyword of each specialist (the names say who was chosen, whatever it costs). */
function matchedReason(phrases: Phrases, matches: { name: string; keywords: string[] }[]): string {
  for (let count = Math.max(...matches.map((m) => m.keywords.length)); ; count--) {
    const reason = phrases.routerMatched(matches.map((m) => ({ ...m, keywords: m.keywords.slice(0, count) })));
    if (count <= 1 || reason.length <= ROUTER_REASON_CHARS) return reason;
  }
}

/** Figures, amounts, percentages and comparisons need high evidence; several specialists medium. */
function evidenceNeedOf(question: string, selectedCount: number): RouterOutput["evidenceNeed"] {
  const figures = /\d/.test(question.normalize("NFKC"));
  const quantitative = [...LEXICON.comparison, ...LEXICON.trend, ...LEXICON.spend].some((term) => containsPhrase(question, term));
  if (figures || quantitative) return "high";
  return selectedCount > 1 ? "medium" : "low";
}

/** Longer keyword phrases are more specific: "price cap" beats "cap", "相見積もり" beats "見積"; a pattern counts as a two-word phrase. */
function keywordWeight(keyword: string): number {
  if (keyword in PATTERN_KEYWORDS) return 1.5;
  if (hasCjk(keyword)) return Math.min(1.5, 0.5 + keyword.length * 0.25);
  return 1 + 0.5 * (keyword.trim().split(/\s+/).length - 1);
}

/** One word in the question counts once: "見積" inside "相見積もり", "renewal" beside "renew". */
function dropContained(keywords: string[]): string[] {
  const stems = (keyword: string) => wordStems(keyword).join(" ");
  return keywords.filter((k, i) =>
    hasCjk(k)
      ? !keywords.some((other) => other !== k && other.includes(k))
      : !keywords.slice(0, i).some((other) => !hasCjk(other) && stems(other) === stems(k)),
  );
}

function countShares(lists: string[][]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const list of lists) for (const item of new Set(list.map((k) => k.toLowerCase()))) counts.set(item, (counts.get(item) ?? 0) + 1);
  return counts;
}
