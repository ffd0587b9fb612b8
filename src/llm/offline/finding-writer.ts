import {
  FINDING_DETAILS_CHARS,
  FINDING_SUMMARY_CHARS,
  type EvidenceItem,
  type FindingOutput,
  type ShownEvidenceItem,
  type ShownOkFinding,
  type SpecialistInput,
  type ToolMessageContent,
} from "../../domain";
import { deriveFacts, type Fact } from "./facts";
import { fitPolicyQuotes } from "./facts/policy-facts";
import { phrasesFor } from "./phrases";
import type { QuestionEntities } from "../../tools/question/question-entities";
import { linesWithin, sentencesOf } from "./text";

const MAX_EVIDENCE = 8;
const EVIDENCE_PER_TOOL = 3;
const SUMMARY_FACTS = 2;

/**
 * A Finding from tool results: the answering facts as summary, the rest as details (never the tools' digests: the Moderator gets those
 * with the tool calls, as prompts/fragments/finding-facts.md tells models). A re-ask keeps the earlier finding's evidence alongside.
 */
export function writeFinding(input: SpecialistInput, toolObservations: ToolMessageContent[], entities: QuestionEntities): FindingOutput {
  const phrases = phrasesFor(input.language);
  const amount = entities.amounts[0];
  // For a Japanese question the tools' wording already reads in Japanese (the tool runner restates it).
  const observations = amount ? fitPolicyQuotes(toolObservations, amount.jpy) : toolObservations;
  const facts = deriveFacts({ observations, entities, phrases }, input.specialist.tools);
  const ok = observations.filter((o) => o.ok);
  const previous = input.previous?.status === "ok" ? input.previous : undefined;
  const evidence = selectEvidence(facts, ok, previous?.evidence ?? []);
  const found = ok.flatMap((o) => o.evidence).length;
  const toolNames = [...new Set(observations.map((o) => o.tool))];
  const fallback =
    found > 0
      ? phrases.evidenceFound({ count: found, digests: ok.flatMap((o) => (o.digest ? [o.digest] : [])).slice(0, 3) })
      : observations.length > 0
        ? phrases.nothingFound(toolNames)
        : phrases.noToolsUsed;
  // The summary's budget (FINDING_SUMMARY_CHARS) is what the schema tells a model; the first fact is
  // kept whole even past it (it is the answer), and a fact that does not fit moves to the details.
  // Once a tool failed, only facts that answer the question join the failure in the summary: context
  // another tool returned (a policy beside a failed contract search) must not read as the answer.
  const answering = observations.some((o) => !o.ok) ? facts.filter((f) => f.direct) : facts;
  const [first, ...rest] = answering.slice(0, SUMMARY_FACTS).map((f) => f.text);
  const summaryFacts = first === undefined ? [] : [first, ...linesWithin(rest, FINDING_SUMMARY_CHARS - first.length - 1, " ")];
  const summary = summaryFacts.length > 0 ? summaryFacts.join(" ") : (previous?.summary ?? fallback);
  // Context that only restates a record the finding cites is left to the evidence, which carries it
  // to the Moderator (prompts/fragments/finding-facts.md): writing it again is output on the critical path.
  const cited = new Set(evidence.map((e) => e.referenceId));
  const restates = (f: Fact) => !f.direct && f.references.length > 0 && f.references.every((ref) => cited.has(ref));
  // Recommended steps, failures and the earlier summary are always written (the Moderator acts on
  // them); other facts fill what is left of the details' budget (FINDING_DETAILS_CHARS).
  const steps = [
    ...facts.flatMap((f) => (f.action ? [`${phrases.nextStep}${f.action}`] : [])),
    ...(input.round === "requery" && observations.length > 0 ? [phrases.requeryNote(toolNames)] : []),
    ...observations.filter((o) => !o.ok).map((o) => `${o.tool}: ${o.error ?? "failed"}`),
    ...(previous && summaryFacts.length > 0 ? [previous.summary] : []),
  ];
  const otherFacts = facts.filter((f) => !summaryFacts.includes(f.text) && !restates(f)).map((f) => f.text);
  const notes = [...linesWithin(otherFacts, FINDING_DETAILS_CHARS - steps.join("\n").length - 1), ...steps];
  return {
    summary,
    details: notes.join("\n"),
    ...citeAsReturned(evidence, [...toolObservations.flatMap((o) => o.evidence), ...(previous?.evidence ?? [])]),
    confidence: confidenceOf(facts, evidence, observations),
  };
}

/** The debate round: the earlier finding, amended with the peers' points. */
export function amendFinding(input: SpecialistInput, previous: ShownOkFinding): FindingOutput {
  const phrases = phrasesFor(input.language);
  const peers = (input.peers ?? [])
    .filter((peer): peer is ShownOkFinding => peer.status === "ok" && peer.specialist !== previous.specialist)
    .map((peer) => ({ name: peer.specialist, summary: sentencesOf(peer.summary)[0] ?? peer.summary }));
  return {
    summary: previous.summary,
    details: peers.length > 0 ? `${phrases.debateNote(peers)}\n${previous.details}`.trim() : previous.details,
    // The earlier finding's evidence is linked again from its own records: cited by handle alone.
    evidence: previous.evidence.map(handleOf),
    quotes: [],
    confidence: previous.confidence,
  };
}

/** 0.2, plus 0.1 per distinct reference (up to 4) and 0.15 per answering fact (up to 2), scaled by the share of tool calls that worked. */
function confidenceOf(facts: Fact[], evidence: EvidenceItem[], observations: ToolMessageContent[]): number {
  const references = new Set(evidence.map((e) => e.referenceId)).size;
  const direct = facts.filter((f) => f.direct).length;
  const success = observations.length === 0 ? 1 : observations.filter((o) => o.ok).length / observations.length;
  const raw = (0.2 + 0.1 * Math.min(references, 4) + 0.15 * Math.min(direct, 2)) * success;
  return Math.round(Math.min(0.9, Math.max(0.1, raw)) * 100) / 100;
}

function selectEvidence(facts: Fact[], ok: ToolMessageContent[], earlier: ShownEvidenceItem[]): ShownEvidenceItem[] {
  const all = ok.flatMap((o) => o.evidence);
  const cited = facts.flatMap((f) => f.references).flatMap((ref) => all.filter((e) => e.referenceId === ref).slice(0, 1));
  const top = ok.flatMap((o) => o.evidence.slice(0, EVIDENCE_PER_TOOL));
  const seen = new Set<string>();
  return [...cited, ...top, ...earlier].filter((item) => !seen.has(item.referenceId) && seen.add(item.referenceId)).slice(0, MAX_EVIDENCE);
}

/** Every record by its handle; a quote only where it says something else than the record returned (one clause of a long policy). */
function citeAsReturned(evidence: ShownEvidenceItem[], returned: ShownEvidenceItem[]): Pick<FindingOutput, "evidence" | "quotes"> {
  const asReturned = new Map<string, string>();
  for (const item of returned) if (!asReturned.has(item.referenceId)) asReturned.set(item.referenceId, item.quote);
  return {
    evidence: evidence.map(handleOf),
    quotes: evidence.flatMap((item) =>
      asReturned.get(item.referenceId) === item.quote ? [] : [{ ref: handleOf(item), source: item.source, quote: item.quote }],
    ),
  };
}

/** The reference id in a conversation rendered without handles. */
export function handleOf(item: ShownEvidenceItem): string {
  return item.ref ?? item.referenceId;
}
