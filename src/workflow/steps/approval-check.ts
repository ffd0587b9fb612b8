import { largestAmountJpy } from "../../domain/amounts";
import { stringsFor, type Finding, type Language, type ModeratorAnswer, type RouterDecision, type WorkflowSettings } from "../../domain";
import { asksToCommit } from "./commit-intent";

/** The policy rules that can require a human approval, from configuration (without rates: the default ones). */
type HitlPolicy = Pick<WorkflowSettings, "hitlAmountThreshold" | "hitlCategories"> & Partial<Pick<WorkflowSettings, "jpyRates">>;

/**
 * Why this answer needs a human sign-off (empty when it does not), in the question's language: the
 * reasons known before the Moderator writes (see `approvalReasonsBeforeModeration`), then the
 * Moderator's own `hitl`.
 */
export function hitlReasons(
  question: string,
  language: Language,
  decision: RouterDecision,
  answer: ModeratorAnswer,
  findings: Finding[],
  policy: HitlPolicy,
): string[] {
  const reasons = approvalReasonsBeforeModeration(question, language, decision, findings, policy);
  return answer.hitl ? [...reasons, stringsFor(language).approvalReasons.moderator(answer.hitlReason)] : reasons;
}

/**
 * The reasons for a human sign-off that are settled before the Moderator writes a word: the
 * Router's `hitl`, and the configured rules (an amount at or above the threshold, a configured
 * category in the question or the evidence). The rules are a compliance guard for questions that
 * ask to commit the company; a question about rules or data never waits for them. Known this early,
 * they keep an answer that will wait for an approver from streaming to its requester.
 */
export function approvalReasonsBeforeModeration(
  question: string,
  language: Language,
  decision: RouterDecision,
  findings: Finding[],
  policy: HitlPolicy,
): string[] {
  const text = stringsFor(language).approvalReasons;
  const reasons: string[] = [];
  if (decision.hitl) reasons.push(text.router(decision.reason));
  if (!asksToCommit(question)) return reasons;
  const largest = largestAmountJpy(question, policy.jpyRates);
  if (policy.hitlAmountThreshold > 0 && largest >= policy.hitlAmountThreshold)
    reasons.push(text.amount(yen(largest), yen(policy.hitlAmountThreshold)));
  const haystack = [question, ...findings.flatMap((f) => (f.status === "ok" ? f.evidence.map((e) => `${e.source} ${e.quote}`) : []))]
    .join("\n")
    .toLowerCase();
  for (const category of policy.hitlCategories) if (haystack.includes(category.toLowerCase())) reasons.push(text.category(category));
  return reasons;
}

function yen(amount: number): string {
  return `¥${Math.round(amount).toLocaleString("en-US")}`;
}
