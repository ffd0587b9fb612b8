import type { ModeratorInput } from "../../domain";

/** Distinct references the Moderator expects per evidence need. */
const REFERENCES_NEEDED = { low: 1, medium: 2, high: 4 } as const;

/**
 * QSCORE = round(40·coverage + 25·confidence + 20·health + 15·answered), where coverage = min(1, distinct cited references /
 * REFERENCES_NEEDED[evidenceNeed]), confidence = mean specialist confidence, health = ok / (ok + failed) specialists, and answered = 1 when
 * the top-priority answering specialist has evidence. Full evidence from healthy, confident specialists scores ≥ 80; thin evidence or
 * failures fall below 80 so the gate re-asks.
 */
export function qualityScore(input: ModeratorInput) {
  const references = new Set(input.findings.flatMap((f) => f.evidence.map((e) => e.referenceId))).size;
  const needed = REFERENCES_NEEDED[input.decision.evidenceNeed];
  const total = input.findings.length + input.failures.length;
  // The lead is the first in the Router's order that succeeded.
  const lead = orderedFindings(input).at(0);
  const parts = {
    coverage: Math.min(1, references / needed),
    confidence: input.findings.length ? input.findings.reduce((sum, f) => sum + f.confidence, 0) / input.findings.length : 0,
    health: total ? input.findings.length / total : 0,
    answered: lead && lead.evidence.length > 0 ? 1 : 0,
    references,
    needed,
  };
  const qscore = Math.round(40 * parts.coverage + 25 * parts.confidence + 20 * parts.health + 15 * parts.answered);
  return { qscore: Math.max(0, Math.min(100, qscore)), parts };
}

/** Unselected ones last. */
export function orderedFindings(input: ModeratorInput): ModeratorInput["findings"] {
  const rank = (id: string) => {
    const index = input.decision.selected.indexOf(id);
    return index < 0 ? Number.MAX_SAFE_INTEGER : index;
  };
  return [...input.findings].sort((a, b) => rank(a.specialist) - rank(b.specialist));
}
