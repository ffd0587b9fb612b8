import { extractAmounts, toJpy } from "../../domain/amounts";
import type { Finding, ModeratorAnswer, RouterDecision } from "../../domain";

/** The policy rules that can require a human approval, from configuration. */
export interface HitlPolicy {
  amountThresholdJpy: number;
  categories: string[];
}

/**
 * Why this answer needs a human sign-off (empty when it does not): the Router's or the Moderator's
 * `hitl`, an amount in the question at or above the threshold, or a configured category mentioned
 * in the question or the evidence.
 */
export function hitlReasons(
  question: string,
  decision: RouterDecision,
  answer: ModeratorAnswer,
  findings: Finding[],
  policy: HitlPolicy,
): string[] {
  const reasons: string[] = [];
  if (decision.hitl) reasons.push(`router: ${decision.reason}`);
  if (answer.hitl) reasons.push(`moderator: ${answer.hitlReason || "the answer commits the company"}`);
  const largest = Math.max(0, ...extractAmounts(question).map((amount) => toJpy(amount.value, amount.currency)));
  if (policy.amountThresholdJpy > 0 && largest >= policy.amountThresholdJpy)
    reasons.push(`policy: amount ¥${Math.round(largest).toLocaleString("en-US")} is at or above the approval threshold ¥${policy.amountThresholdJpy.toLocaleString("en-US")}`);
  const haystack = [question, ...findings.flatMap((f) => (f.status === "ok" ? f.evidence.map((e) => `${e.source} ${e.quote}`) : []))]
    .join("\n")
    .toLowerCase();
  for (const category of policy.categories)
    if (haystack.includes(category.toLowerCase())) reasons.push(`policy: category '${category}' requires approval`);
  return reasons;
}
