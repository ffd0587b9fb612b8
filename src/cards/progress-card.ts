import { labelsFor, type Language, type RunPhase, type RunState, type SpecialistDefinition } from "../domain";
import { type AdaptiveCard, expandTemplate, textLimits } from "./render";
import { labelKey, truncate } from "./text";
import template from "./templates/progress-card.json";

/** Display names of the registered specialists, by id (from the specialist registry's front matter). */
export type DisplayNames = Readonly<Record<string, SpecialistDefinition["displayName"]>>;

export function displayNamesFrom(definitions: readonly Pick<SpecialistDefinition, "id" | "displayName">[]): DisplayNames {
  return Object.fromEntries(definitions.map((definition) => [definition.id, definition.displayName]));
}

export function displayName(names: DisplayNames, id: string, language: Language): string {
  return names[id]?.[language] ?? id;
}

export type SpecialistStatus = "waiting" | "working" | "done" | "failed";

export type ProgressPhase =
  "routing" | "specialists" | "moderating" | "rechecking" | "finishing" | "answered" | "underReview" | "failed" | "clarifying";

export type ProgressView = ReturnType<typeof progressViewFromRun>;

const PROGRESS_PHASE: Record<RunPhase, ProgressPhase> = {
  understand: "routing",
  route: "routing",
  investigate: "specialists",
  debate: "specialists",
  converse: "specialists",
  handoff: "specialists",
  moderate: "moderating",
  gate: "rechecking",
  reinvestigate: "rechecking",
  decide: "finishing",
  approve: "finishing",
  done: "finishing",
};

/** Once a run has ended, the card says how (its answer or notice arrives right below it). */
const ENDED_PHASE: Record<Exclude<RunState["status"], "queued" | "running">, ProgressPhase> = {
  answered: "answered",
  awaiting_approval: "underReview",
  failed: "failed",
  // A declined approval: the notice below the card says how.
  rejected: "failed",
  expired: "failed",
  poisoned: "failed",
  needs_clarification: "clarifying",
  out_of_scope: "answered",
  blocked: "answered",
};

export function progressViewFromRun(state: RunState, names: DisplayNames, now: Date) {
  // An out-of-scope question ran no specialist: the card lists none rather than one left waiting.
  const selected = state.status === "out_of_scope" ? [] : (state.decision?.selected ?? []);
  return {
    language: state.language,
    question: state.question,
    phase: state.status === "queued" || state.status === "running" ? PROGRESS_PHASE[state.phase] : ENDED_PHASE[state.status],
    specialists: selected.map((id) => ({ id, name: displayName(names, id, state.language), status: specialistStatus(state, id) })),
    elapsedSeconds: Math.max(0, Math.round((now.getTime() - Date.parse(state.startedAt)) / 1000)),
  };
}

/** The latest start/end event of the specialist decides; a recorded failed finding wins over silence. */
function specialistStatus(state: RunState, id: string): SpecialistStatus {
  const last = state.events.filter((event) => event.executor === id && event.type.startsWith("executor_")).at(-1);
  if (last?.type === "executor_started") return "working";
  if (last?.type === "executor_completed") return last.outcome === "ok" ? "done" : "failed";
  const finding = state.findings.find((candidate) => candidate.specialist === id);
  if (finding) return finding.status === "ok" ? "done" : "failed";
  return "waiting";
}

const ENDED: ReadonlySet<ProgressPhase> = new Set(Object.values(ENDED_PHASE));

/** Each status in words and colour: emoji marks show as empty boxes where no emoji font is installed. */
const STATUS_COLOR: Record<SpecialistStatus, string> = { waiting: "Default", working: "Accent", done: "Good", failed: "Attention" };

export function buildProgressCard(view: ProgressView): AdaptiveCard {
  const labels = labelsFor(view.language);
  return expandTemplate<AdaptiveCard>(template, {
    labels,
    title: ENDED.has(view.phase) ? labels.progressTitleDone : labels.progressTitle,
    question: truncate(view.question, textLimits().questionPreview),
    phase: labels[labelKey("phase", view.phase)],
    specialists: view.specialists.map(({ name, status }) => ({
      name,
      status: labels[labelKey("status", status)],
      color: STATUS_COLOR[status],
    })),
    elapsed: labels.elapsed(view.elapsedSeconds),
  });
}
