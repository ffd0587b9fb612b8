import { RATIONALE_POINT_CHARS, type ShownEvidenceItem, type ShownOkFinding } from "../../domain";
import { handleOf } from "./finding-writer";
import { nextStepIn, type Phrases } from "./phrases";
import { indexOfName } from "../../tools/text/words";
import { sentenceKey, sentencesOf } from "./text";

export interface RationaleClaim {
  point: string;
  citations: string[];
}

const MAX_CITATIONS = 2;
const MAX_RESTATED_CITATIONS = 3;
// Figures as facts write them and tools quote them: dates, amounts, percentages, years, counts.
const FIGURE = /\d{4}-\d{2}-\d{2}|\d[\d,]*(?:\.\d+)?%?/g;
// A record's own wording quoted after a colon ('… applies: "…"'): the answer shows the quote beside the point.
const QUOTATION = /\s*[:：]\s*(?:"[^"]*"|「[^」]*」)/g;
const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]/;
// Where one independent clause of a fact ends and the next begins.
const CLAUSE_BREAK = /;\s+|；|。/;
// A comma inside a company's name ("Hayabusa Logistics Co., Ltd.") separates nothing.
const NAME_COMMA = /^(?:Ltd|Inc|LLC|GmbH|K\.K|S\.A|AG|AB)\b/;

/**
 * Short claims citing the records that bear them out: the specialists' facts a whole clause at a time (never a cut word). No sentence is
 * said twice in one answer, so a fact the conclusion states whole is no point: its uncited records go to one "rests on" point.
 */
export function rationaleClaims(findings: ShownOkFinding[], conclusion: string, phrases: Phrases, maxPoints: number): RationaleClaim[] {
  const records = findings.flatMap((f) => f.evidence);
  // A sentence another specialist's view repeats after its name (「…の見解: <sentence>」) is said too.
  const said = new Set(
    sentencesOf(conclusion)
      .flatMap((sentence) => [sentence, sentence.replace(/^[^:：]{1,60}[:：]\s*/u, "")])
      .map(sentenceKey),
  );
  const texts = [
    conclusion,
    ...findings.flatMap((f) => [f.summary, ...f.details.split("\n").filter((line) => nextStepIn(line) === undefined)]),
  ];
  const claims: string[] = [];
  const restated: ShownEvidenceItem[] = [];
  // Quoted wording goes first: a Japanese quote holds sentence ends of its own.
  for (const fact of texts.flatMap((text) => text.replace(QUOTATION, "\n").split("\n")).flatMap(sentencesOf)) {
    if (said.has(sentenceKey(fact))) restated.push(...supportOf(fact, records));
    for (const clause of clausesOf(fact)) {
      const named = records.find((record) => record.referenceId === clause);
      if (named) restated.push(named);
      else if (clause.length + 1 <= RATIONALE_POINT_CHARS && saysSomething(clause, records)) claims.push(asClaim(clause, fact));
    }
  }
  const fresh = [...new Set(claims)].filter((claim) => !said.has(sentenceKey(claim)));
  const supported = new Set(fresh.flatMap((claim) => supportOf(claim, records).map((record) => record.referenceId)));
  const bare = unique(restated.filter((record) => !supported.has(record.referenceId))).slice(0, MAX_RESTATED_CITATIONS);
  const points = bare.length > 0 ? [{ point: phrases.conclusionRestsOn(bare.length), citations: bare.map(handleOf) }] : [];
  return pick(fresh, records, points, maxPoints);
}

/** Adds, in order, the claims that cite a record no earlier point cited. */
function pick(claims: string[], records: ShownEvidenceItem[], points: RationaleClaim[], maxPoints: number): RationaleClaim[] {
  const cited = new Set(points.flatMap((p) => p.citations));
  for (const claim of claims) {
    if (points.length >= maxPoints) break;
    const citations = supportOf(claim, records)
      .filter((record) => !record.quote.startsWith(claim.slice(0, -1)))
      .map(handleOf);
    if (citations.length === 0 || citations.every((c) => cited.has(c))) continue;
    citations.forEach((c) => cited.add(c));
    points.push({ point: claim, citations });
  }
  return points;
}

/** The independent clauses of a fact (its quoted wording already taken out); one over the budget shortened to its leading part. */
function clausesOf(fact: string): string[] {
  return fact
    .split(CLAUSE_BREAK)
    .map((clause) => clause.trim().replace(/[\s.:：,、]+$/, ""))
    .map((clause) => (clause.length + 1 <= RATIONALE_POINT_CHARS ? clause : leadingClause(clause)))
    .filter((clause) => clause.length > 0);
}

function asClaim(clause: string, fact: string): string {
  return `${clause.charAt(0).toUpperCase()}${clause.slice(1)}${CJK.test(fact) ? "。" : "."}`;
}

/** The part of a clause before its first comma outside brackets and names, or "" when it has none. */
function leadingClause(clause: string): string {
  let depth = 0;
  for (let i = 0; i < clause.length; i++) {
    const char = clause[i];
    if ("(（[「".includes(char)) depth++;
    else if (")）]」".includes(char)) depth = Math.max(0, depth - 1);
    else if (depth === 0 && (char === "、" || (char === "," && clause[i + 1] === " " && !NAME_COMMA.test(clause.slice(i + 2)))))
      return clause.slice(0, i);
  }
  return "";
}

/** True when a clause, its record references aside, still has words of its own (two, or any kana). */
function saysSomething(clause: string, records: ShownEvidenceItem[]): boolean {
  const rest = records.reduce((text, record) => text.split(record.referenceId).join(" "), clause);
  return /[\u3040-\u309f]/.test(rest) || (rest.match(/\p{L}{2,}/gu) ?? []).length >= 2;
}

/** Those it names; else those holding all its figures; else the subject's own record (a supplier's profile, not its spend). */
function supportOf(claim: string, records: ShownEvidenceItem[]): ShownEvidenceItem[] {
  const named = records.filter((record) => claim.includes(record.referenceId));
  if (named.length > 0) return unique(named).slice(0, MAX_CITATIONS);
  const figures = claim.match(FIGURE) ?? [];
  if (figures.length > 0)
    return unique(records.filter((record) => figures.every((figure) => holdsFigure(record.quote, figure)))).slice(0, MAX_CITATIONS);
  const about = records.filter(
    (record) =>
      record.subject !== undefined &&
      [record.subject.name, record.subject.nameJa].some((name) => name !== undefined && indexOfName(claim, name) >= 0),
  );
  return [about.find((record) => record.subject?.id === record.referenceId) ?? about[0]].filter((record) => record !== undefined);
}

/** "6475" is "6,475"; "6%" is not in "36%", nor "2" in "2.5". */
function holdsFigure(text: string, figure: string): boolean {
  const digits = (s: string) => s.replace(/(\d),(?=\d{3})/g, "$1");
  const parts = digits(text).split(digits(figure));
  return parts.some((before, i) => i < parts.length - 1 && !/[\d.,]$/.test(before) && !/^\d|^[.,]\d/.test(parts[i + 1]));
}

function unique(records: ShownEvidenceItem[]): ShownEvidenceItem[] {
  return records.filter((record, i) => records.findIndex((other) => other.referenceId === record.referenceId) === i);
}
