/** One run behind a proposal, with the figures that make it evidence. */
export interface EvidenceRun {
  runId: string;
  question: string;
  /** Why this run counts ("routed to knowledge, needed spend; 👎 1, TopicAdherence 0.2"). */
  why: string;
}

/** A change the tuning report suggests; never applied to files by the report itself. */
export type TuningChange =
  | { kind: "add-keyword"; specialist: string; keyword: string }
  | { kind: "remove-keyword"; specialist: string; keyword: string }
  | { kind: "extend-description"; specialist: string; clause: string }
  | { kind: "narrow-description"; specialist: string; clause: string }
  | { kind: "qscore-threshold"; from: number; to: number };

/** A proposed change with the stored runs behind it. */
export interface Proposal {
  change: TuningChange;
  /** What the change is and why, in one sentence. */
  summary: string;
  evidence: EvidenceRun[];
}

/** The change as the file or setting a person would edit. */
export function describeChange(change: TuningChange): string {
  switch (change.kind) {
    case "add-keyword":
      return `prompts/specialists/${change.specialist}.md keywords: add "${change.keyword}"`;
    case "remove-keyword":
      return `prompts/specialists/${change.specialist}.md keywords: remove "${change.keyword}"`;
    case "extend-description":
    case "narrow-description":
      return `prompts/specialists/${change.specialist}.md description: append "${change.clause}"`;
    case "qscore-threshold":
      return `QSCORE_THRESHOLD: ${change.from} → ${change.to}`;
  }
}
