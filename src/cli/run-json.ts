import type { RunState } from "../domain";

/** A run as `npm run ask -- --json` prints it: the state minus internals. */
export function runJson(state: RunState) {
  return {
    runId: state.runId,
    mode: state.modeState.mode,
    status: state.status,
    startedAt: state.startedAt,
    endedAt: state.endedAt,
    question: state.question,
    standaloneQuestion: state.standaloneQuestion ?? state.question,
    understanding: state.understanding,
    language: state.language,
    offline: state.offline,
    decision: state.decision,
    findings: state.findings.map((finding) => ({
      specialist: finding.specialist,
      status: finding.status,
      ...(finding.status === "ok"
        ? { summary: finding.summary, details: finding.details, evidence: finding.evidence, confidence: finding.confidence }
        : { summary: "", evidence: [] }),
      toolCalls: finding.toolCalls,
      ...(finding.status === "failed" ? { error: finding.error } : {}),
    })),
    answer: state.answer,
    quality: state.quality,
    hitlReasons: state.approval?.reasons ?? [],
    failure: state.failure,
    attempts: state.attempts,
    usage: state.usage,
    suggestedFollowUps: state.suggestedFollowUps ?? [],
    events: state.events,
  };
}
