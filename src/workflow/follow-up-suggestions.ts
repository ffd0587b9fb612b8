import { questionToAnswer, stringsFor, type EvidenceCategory, type RunState } from "../domain";
import { categoryLabel } from "../domain/category-terms";
import { entitiesOfRun } from "./conversation-turn";

/** At most this many follow-ups are offered on an answer card. */
const MAX_SUGGESTIONS = 3;

/**
 * Two or three questions the asker is likely to ask next, in their language, derived from what the
 * answer resolved: the previous period of a spend figure, the supplier's risk, a contract's notice
 * deadline, alternatives in the category, then "why?" and whether it fits the policy. Each works as a
 * follow-up in the same conversation (the memory resolves what it leaves implicit).
 */
export function suggestFollowUps(state: RunState): string[] {
  const askBack = candidateQuestions(state);
  if (askBack.length > 0) return askBack;
  const phrases = stringsFor(state.language).followUps;
  const entities = entitiesOfRun(state);
  const called = new Set(state.findings.flatMap((finding) => finding.toolCalls.map((call) => call.name)));
  const suggestions: string[] = [];
  const period = entities.periods.map((p) => /^FY(\d{4})$/.exec(p.replace(/^(\d{4})年度$/, "FY$1"))).find(Boolean);
  if (period) suggestions.push(phrases.previousPeriod(`FY${Number(period[1]) - 1}`));
  const contract = entities.contracts[0];
  if (contract) suggestions.push(phrases.contractNotice(contract));
  // A name the data does not have gets no suggestion about it: there is no risk profile to look at.
  const unknown = new Set(
    state.findings.flatMap((finding) => finding.toolCalls.flatMap((call) => call.resolution?.unresolved ?? [])).map((name) => name.text),
  );
  const supplier = entities.suppliers.find((name) => !unknown.has(name));
  if (supplier && !called.has("getSupplierProfile")) suggestions.push(phrases.supplierRisk(supplier));
  const category = entities.categories[0];
  // Named by its label, never its id: a Japanese button reads 「物流の代替サプライヤーは？」, an imported
  // category by the name its data gives it (「車両管理の代替サプライヤーは？」), which the run's evidence carries.
  if (category && !called.has("listSuppliers")) {
    const named = categoryOfEvidence(state, category);
    suggestions.push(phrases.alternatives(categoryLabel(named?.id ?? category, state.language, named?.nameJa)));
  }
  // Never offer again what was just asked ("Why?" after "Why?").
  const asked = state.question.trim().toLowerCase();
  return [...suggestions.slice(0, MAX_SUGGESTIONS - 1), phrases.why, phrases.policyCheck]
    .filter((question) => question.toLowerCase() !== asked)
    .slice(0, MAX_SUGGESTIONS);
}

/**
 * The category the run's evidence names for a category the tools were asked about, by its id or its
 * data name (a tool asked for 「車両管理」 resolved it to "fleet-ops").
 */
function categoryOfEvidence(state: RunState, asked: string): EvidenceCategory | undefined {
  return state.findings
    .flatMap((finding) => (finding.status === "ok" ? finding.evidence : []))
    .map((item) => item.category)
    .find((category) => category !== undefined && (category.id === asked || category.nameJa === asked));
}

/**
 * When a name fitted several suppliers, the question asked again with each candidate in its place
 * (up to three): the buttons the user picks from. Replaced as plain text, never as a pattern.
 */
function candidateQuestions(state: RunState): string[] {
  const question = questionToAnswer(state);
  const ambiguous = state.findings
    .flatMap((finding) => finding.toolCalls.flatMap((call) => call.resolution?.unresolved ?? []))
    .find((name) => name.outcome === "ambiguous" && name.candidates.length > 0 && question.includes(name.text));
  if (!ambiguous) return [];
  return ambiguous.candidates.slice(0, MAX_SUGGESTIONS).map((candidate) => question.split(ambiguous.text).join(candidate));
}
