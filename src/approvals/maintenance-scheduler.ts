import { describeError, type Log } from "../domain";

/** Which process runs the approval maintenance job (APPROVAL_SCHEDULER). */
type ApprovalSchedulerMode = "bot" | "function" | "off";

/** How often the bot process runs the job when it is the scheduler. */
const APPROVAL_MAINTENANCE_INTERVAL_MS = 60_000;

/**
 * Runs `job` every `intervalMs` in this process when `mode` is `bot` (otherwise the Functions timer,
 * or nobody, runs it). Passes never overlap; a failed pass is logged and the next one runs.
 * Returns a stop function that waits for a pass in progress.
 */
export function startApprovalScheduler(
  mode: ApprovalSchedulerMode,
  job: () => Promise<unknown>,
  options: { intervalMs?: number; log: Log },
): () => Promise<void> {
  if (mode !== "bot") return async () => undefined;
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = job()
      .then(() => undefined)
      .catch((error: unknown) => options.log(`approval maintenance failed: ${describeError(error)}`))
      .finally(() => (running = undefined));
  };
  const timer = setInterval(tick, options.intervalMs ?? APPROVAL_MAINTENANCE_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
