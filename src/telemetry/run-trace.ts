import { createHash } from "node:crypto";

/** A run's place in distributed tracing: the trace every span of the run belongs to, and the run span's id. */
export interface RunTrace {
  /** 32 hex digits: the App Insights operation id of the run. */
  traceId: string;
  /** 16 hex digits: the run span, parent of the run's executor, gate and approval spans. */
  spanId: string;
}

/**
 * Derives a run's trace from its id alone, so whichever process works on the run — the one that
 * started it, one that resumed it after a restart, the approvals flow days later — puts its spans
 * into the same tree without any state held in memory.
 */
export function runTrace(runId: string): RunTrace {
  const digest = createHash("sha256").update(`procura-run:${runId}`).digest("hex");
  return { traceId: digest.slice(0, 32), spanId: digest.slice(32, 48) };
}
