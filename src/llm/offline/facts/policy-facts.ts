import { extractAmounts } from "../../../domain/amounts";
import { formatJpy } from "../../../tools/format";
import { clip } from "../../../tools/text/bm25";
import type { ToolMessageContent } from "../../../domain";
import { dataObjects, type Fact, type FactContext } from "./fact";

const AT_LEAST = /(or more|or above|and above|at least|above|over|exceed|more than|from|≥|>=|>|以上|超|から)/i;
const BELOW = /(below|under|less than|up to|not exceeding|≤|<=|<|未満|以下|まで)/i;
const MAX_QUOTE = 220;

interface Passage {
  referenceId: string;
  text: string;
}

/** With an amount in the question, the sentences whose thresholds include it (highest lower bound first); else the top passages. */
export function policyFacts({ observations, entities, phrases }: FactContext): Fact[] {
  const passages = policyPassages(observations);
  if (passages.length === 0) return [];
  const amount = entities.amounts[0];
  if (amount) {
    const chosen = passages
      .flatMap((passage) => applicableSentence(passage.text, amount.jpy).map((sentence) => ({ passage, ...sentence })))
      .sort((a, b) => b.bound - a.bound)
      .slice(0, 2);
    if (chosen.length > 0)
      return chosen.map(({ passage, sentence }) => ({
        text: phrases.policyApplies({ amount: formatJpy(amount.jpy), referenceId: passage.referenceId, text: clip(sentence, MAX_QUOTE) }),
        references: [passage.referenceId],
        direct: true,
        action: actionFor(sentence, passage.referenceId, phrases),
      }));
  }
  // A short fact per passage, its first sentence: the whole passage goes to the Moderator as the cited evidence.
  return passages.slice(0, 2).map((passage) => ({
    text: phrases.policyFound({ referenceId: passage.referenceId, text: clip(sentences(passage.text)[0] ?? passage.text, MAX_QUOTE) }),
    references: [passage.referenceId],
    direct: entities.topics.has("policy"),
  }));
}

/** A tier that does not apply is never quoted: the passage's sentence whose tier includes the amount replaces it, else it is dropped. */
export function fitPolicyQuotes(observations: ToolMessageContent[], amountJpy: number): ToolMessageContent[] {
  const passages = new Map(policyPassages(observations).map((passage) => [passage.referenceId, passage.text]));
  return observations.map((observation) => ({
    ...observation,
    evidence: observation.evidence.flatMap((item) => {
      if (!/polic|規程/i.test(item.source) || !excludes(item.quote, amountJpy)) return [item];
      return applicableSentence(passages.get(item.referenceId) ?? "", amountJpy).map(({ sentence }) => ({
        ...item,
        quote: clip(sentence, MAX_QUOTE),
      }));
    }),
  }));
}

/** The sentence whose tier includes the amount, of the highest lower bound (the first of equals); none when no tier does. */
function applicableSentence(text: string, amountJpy: number): { sentence: string; bound: number }[] {
  return sentences(text)
    .map((sentence) => ({ sentence, bound: applies(sentence, amountJpy) }))
    .filter((entry): entry is { sentence: string; bound: number } => entry.bound !== undefined)
    .sort((a, b) => b.bound - a.bound)
    .slice(0, 1);
}

function excludes(text: string, amountJpy: number): boolean {
  const stated = sentences(text).filter((sentence) => extractAmounts(sentence).length > 0);
  return stated.length > 0 && stated.every((sentence) => applies(sentence, amountJpy) === undefined);
}

/** Quotes/bids to collect, or an approval to obtain. */
function actionFor(sentence: string, referenceId: string, phrases: FactContext["phrases"]): string | undefined {
  if (/quot|rfp|rfq|bid|tender|見積|入札|コンペ/i.test(sentence)) return phrases.actionQuotes({ referenceId });
  if (/approv|authori[sz]|cpo|cfo|ceo|承認|決裁/i.test(sentence)) return phrases.actionApproval({ referenceId });
  return undefined;
}

/** From the tool data (sections with text), else from the evidence quotes. */
function policyPassages(observations: FactContext["observations"]): Passage[] {
  const policyObservations = observations.filter((o) => o.ok && o.evidence.some((e) => /polic|規程/i.test(e.source)));
  const evidence = policyObservations.flatMap((o) => o.evidence.filter((e) => /polic|規程/i.test(e.source)));
  const references = new Set(evidence.map((e) => e.referenceId));
  const fromData = dataObjects(policyObservations).flatMap((value) => {
    const id = [value.referenceId, value.id, value.sectionId].find((v): v is string => typeof v === "string" && references.has(v));
    return id && typeof value.text === "string" ? [{ referenceId: id, text: value.text }] : [];
  });
  const covered = new Set(fromData.map((p) => p.referenceId));
  const fromQuotes = evidence.filter((e) => !covered.has(e.referenceId)).map((e) => ({ referenceId: e.referenceId, text: e.quote }));
  return [...fromData, ...fromQuotes];
}

function sentences(text: string): string[] {
  return text
    .split(/\n|(?<=[.。;；])\s+|(?<=。)/)
    .map((s) => s.replace(/^[\s|*#-]+|[\s|]+$/g, "").replace(/\s*\|\s*/g, " | "))
    .filter((s) => s.length > 0);
}

/** The lower bound the amount passes (0 for an upper bound only); undefined when no threshold or the amount is excluded. */
function applies(sentence: string, amountJpy: number): number | undefined {
  const found = extractAmounts(sentence);
  const distinct = [...new Set(found.map((a) => a.jpy))];
  if (distinct.length === 0) return undefined;
  if (distinct.length >= 2) {
    const [low, high] = distinct.slice(0, 2).sort((a, b) => a - b);
    return amountJpy >= low && amountJpy < high ? low : undefined;
  }
  // "100 万円（¥1,000,000）未満" names one threshold twice: read the words around its last mention.
  const { jpy, text } = found[found.length - 1];
  const at = sentence.lastIndexOf(text);
  const near = `${sentence.slice(Math.max(0, at - 16), at)} ${sentence.slice(at + text.length, at + text.length + 16)}`;
  if (BELOW.test(near)) return amountJpy < jpy || (amountJpy === jpy && /以下|up to|not exceeding|≤|<=/i.test(near)) ? 0 : undefined;
  if (AT_LEAST.test(near)) return amountJpy >= jpy ? jpy : undefined;
  return undefined;
}
