/** The progress card's view model: the run's phase and what each selected specialist is doing. */
import type { Language, RunPhase, RunState } from "../domain";
import { displayName, type DisplayNames } from "./display-names";

export type SpecialistStatus = "waiting" | "working" | "done" | "failed";

export type ProgressPhase =
  "routing" | "specialists" | "moderating" | "rechecking" | "finishing" | "answered" | "under_review" | "failed" | "clarifying";

export interface ProgressView {
  language: Language;
  question: string;
  phase: ProgressPhase;
  specialists: { id: string; name: string; status: SpecialistStatus }[];
  elapsedSeconds: number;
}

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
  awaiting_approval: "under_review",
  failed: "failed",
  // A declined approval: the notice below the card says how.
  rejected: "failed",
  expired: "failed",
  poisoned: "failed",
  needs_clarification: "clarifying",
  out_of_scope: "answered",
  blocked: "answered",
};

export function progressViewFromRun(state: RunState, names: DisplayNames, now: Date): ProgressView {
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
