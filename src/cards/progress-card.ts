import { labelsFor, type TextLabelKey } from "../domain";
import { type AdaptiveCard, expandTemplate, textLimits } from "./render";
import { truncate } from "./text";
import type { ProgressPhase, ProgressView, SpecialistStatus } from "./view-models";
import template from "./templates/progress-card.json";

const PHASE_LABEL: Record<ProgressPhase, TextLabelKey> = {
  routing: "phaseRouting",
  specialists: "phaseSpecialists",
  moderating: "phaseModerating",
  rechecking: "phaseRechecking",
  finishing: "phaseFinishing",
  answered: "phaseAnswered",
  under_review: "phaseUnderReview",
  failed: "phaseFailed",
  clarifying: "phaseClarifying",
};

const ENDED: ReadonlySet<ProgressPhase> = new Set(["answered", "under_review", "failed", "clarifying"]);

/** Each status in words and colour: emoji marks show as empty boxes where no emoji font is installed. */
const STATUS: Record<SpecialistStatus, { label: TextLabelKey; color: string }> = {
  waiting: { label: "statusWaiting", color: "Default" },
  working: { label: "statusWorking", color: "Accent" },
  done: { label: "statusDone", color: "Good" },
  failed: { label: "statusFailed", color: "Attention" },
};

export function buildProgressCard(view: ProgressView): AdaptiveCard {
  const labels = labelsFor(view.language);
  return expandTemplate<AdaptiveCard>(template, {
    labels,
    title: ENDED.has(view.phase) ? labels.progressTitleDone : labels.progressTitle,
    question: truncate(view.question, textLimits().questionPreview),
    phase: labels[PHASE_LABEL[view.phase]],
    specialists: view.specialists.map((specialist) => {
      const status = STATUS[specialist.status];
      return { name: specialist.name, status: labels[status.label], color: status.color };
    }),
    elapsed: labels.elapsed(view.elapsedSeconds),
  });
}
