import {
  ModeratorOutputSchema,
  questionToAnswer,
  specialistFailures,
  type ModeratorAnswer,
  type OkFinding,
  type ModeratorInput,
} from "../../domain";
import { EvidenceHandles } from "../evidence-handles";
import type { AnswerPreview } from "../ports";
import type { RunContext } from "../run-context";
import type { StructuredOutcome } from "../structured-call";
import { approvalReasonsBeforeModeration } from "./approval-check";
import { askAgent } from "./ask-agent";
import { needsRequery } from "./quality-gate";

/**
 * Failed specialists are named in the input so the answer can mention the gap. The conclusion is previewed while it is written
 * only when no approval is due (no Router or policy reason, the Moderator's `hitl` false, the first answer's `qscore` past the
 * gate, since a re-ask may need an approver): a draft that may still wait for an approver never reaches its requester.
 */
export async function moderate(
  context: RunContext,
  previous?: { qscore: number; critique: string },
): Promise<StructuredOutcome<ModeratorAnswer>> {
  const { deps, state } = context;
  const decision = state.decision;
  if (!decision) throw new Error("the Moderator needs the Router's decision");
  const handles = new EvidenceHandles();
  const input: ModeratorInput = {
    agent: "moderator",
    question: questionToAnswer(state),
    language: state.language,
    ...(state.understanding?.previousAnswer ? { previousAnswer: state.understanding.previousAnswer } : {}),
    decision,
    findings: handles.showFindings(state.findings.filter((f): f is OkFinding => f.status === "ok")),
    failures: specialistFailures(state.findings),
    specialistNames: Object.fromEntries(deps.prompts.specialists.map((s) => [s.id, s.displayName[state.language]])),
    previous,
  };
  const approvalDue = approvalReasonsBeforeModeration(input.question, state.language, decision, state.findings, deps.settings).length > 0;
  const { moderator, fragments } = deps.prompts;
  const ask = () =>
    askAgent(context, previous ? "requery" : "initial", {
      agentId: "moderator",
      ...(previous ? { system: `${moderator.text}\n\n${fragments.moderatorRequery}` } : {}),
      timeoutMs: deps.settings.timeouts.moderatorMs,
      input,
      output: { name: "moderator_answer", schema: ModeratorOutputSchema },
      validator: ModeratorOutputSchema,
      ...(deps.answerPreview && !approvalDue
        ? {
            onPartialOutput: previewConclusion(
              deps.answerPreview,
              state.runId,
              (qscore) => !needsRequery({ qscore }, deps.settings.qscoreThreshold, state.quality.retried),
            ),
          }
        : {}),
    });
  // An answer the content filter stopped is asked for once more; stopped again, the run ends blocked.
  let outcome = await ask();
  if (outcome.kind === "content_filter") {
    outcome = await ask();
    if (outcome.kind === "content_filter") context.block("moderator", outcome.filter?.categories ?? []);
  }
  if (outcome.kind !== "ok") return outcome;
  // The per-specialist summaries are the findings' own, not rewritten by the model.
  const findings = input.findings.map(({ specialist, summary }) => ({ specialist, summary }));
  // The model cites records by the handles it was shown: the answer keeps their reference ids, and
  // only those of records in the findings ("never cite an id that is not in the findings").
  const rationale = outcome.value.rationale.map((point) => ({ ...point, citations: handles.resolveShown(point.citations) }));
  context.citationsDropped("moderator", handles.countUnshown(outcome.value.rationale.flatMap((point) => point.citations)));
  return { ...outcome, value: { ...outcome.value, rationale, findings } };
}

/** `hitl` and `qscore` are written before the conclusion, so a conclusion present means they are complete. */
function previewConclusion(preview: AnswerPreview, runId: string, passesGate: (qscore: number) => boolean): (partial: unknown) => void {
  let last = "";
  return (partial) => {
    if (typeof partial !== "object" || partial === null) return;
    const { hitl, qscore, conclusion } = partial as { hitl?: unknown; qscore?: unknown; conclusion?: unknown };
    if (hitl !== false || typeof qscore !== "number" || !passesGate(qscore)) return;
    if (typeof conclusion !== "string" || conclusion.trim() === "" || conclusion === last) return;
    last = conclusion;
    preview.conclusion(runId, conclusion);
  };
}
