import { largestAmountJpy, type JpyRates } from "../../domain/amounts";
import { stringsFor, type Finding, type Language, type ModeratorAnswer, type RouterDecision, type WorkflowSettings } from "../../domain";
import { asksToCommit } from "./commit-intent";

/** The policy rules that can require a human approval, from configuration. */
interface HitlPolicy {
  amountThresholdJpy: number;
  categories: string[];
  jpyRates?: JpyRates;
}

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
  if (policy.amountThresholdJpy > 0 && largest >= policy.amountThresholdJpy)
    reasons.push(text.amount(yen(largest), yen(policy.amountThresholdJpy)));
  const haystack = [question, ...findings.flatMap((f) => (f.status === "ok" ? f.evidence.map((e) => `${e.source} ${e.quote}`) : []))]
    .join("\n")
    .toLowerCase();
  for (const category of policy.categories) if (haystack.includes(category.toLowerCase())) reasons.push(text.category(category));
  return reasons;
}

/** The approval rules of the workflow settings. */
export function hitlPolicyOf(settings: Pick<WorkflowSettings, "hitlAmountThreshold" | "hitlCategories" | "jpyRates">): HitlPolicy {
  return { amountThresholdJpy: settings.hitlAmountThreshold, categories: settings.hitlCategories, jpyRates: settings.jpyRates };
}

function yen(amount: number): string {
  return `¥${Math.round(amount).toLocaleString("en-US")}`;
}
