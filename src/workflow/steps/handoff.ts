import type { Finding, ModeStateOf, RouterDecision } from "../../domain";

type HandoffState = ModeStateOf<"handoff">;

/** The Router, as a handoff target. */
export const ROUTER_TARGET = "router";

/**
 * Whom `speaker` may hand the question to: any other specialist except the one who just handed
 * it over (no ping-pong), and the Router unless it just chose this speaker or everyone has already
 * had the question. Empty once the bound is reached: the speaker must answer.
 */
export function handoffTargets(
  { handoffs }: HandoffState,
  speaker: string,
  specialistIds: readonly string[],
  maxHandoffs: number,
): string[] {
  if (handoffs.length >= maxHandoffs) return [];
  const last = handoffs.at(-1);
  const consulted = new Set([...handoffs.map((h) => h.from), speaker]);
  const others = specialistIds.filter((id) => id !== speaker && id !== last?.from);
  const routerAllowed = last?.to !== ROUTER_TARGET && specialistIds.some((id) => !consulted.has(id));
  return routerAllowed ? [...others, ROUTER_TARGET] : others;
}

/** The specialists that handed the question on, as the Router is told about them when it chooses again. */
export function consultedSpecialists({ handoffs }: HandoffState): { specialist: string; error: string }[] {
  const seen = new Map<string, string>();
  for (const h of handoffs) seen.set(h.from, `already consulted: handed the question to ${h.to} (${h.reason})`);
  return [...seen].map(([specialist, error]) => ({ specialist, error }));
}

/** The findings of the hand-overs so far: what the next speaker sees as `peers`. */
export function handedOverFindings({ handoffs }: HandoffState): Extract<Finding, { status: "ok" }>[] {
  return handoffs.flatMap((h) => (h.finding.status === "ok" ? [h.finding] : []));
}

/**
 * The decision a handoff run acts on: the Router's reading of the question (evidence need, approval
 * signal) with the speakers so far as `selected` (the progress card's list), the latest first (the
 * one the quality gate re-asks).
 */
export function handoffDecision(decision: RouterDecision, earlier: RouterDecision | undefined, speaker: string): RouterDecision {
  return { ...decision, selected: [speaker, ...(earlier?.selected ?? []).filter((id) => id !== speaker)] };
}
