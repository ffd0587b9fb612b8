import type { Finding } from "../../domain";
import type { RunContext } from "../run-context";
import type { WorkingSpecialist } from "../speculative-specialists";

/**
 * Once one specialist has answered, the others have MODERATOR_WAIT_MS more, so a slow one no longer holds the answer back;
 * one still working then is stopped and noted as a failed finding, so the Moderator is told of the gap.
 */
export async function findingsByDeadline(
  context: RunContext,
  working: readonly WorkingSpecialist[],
  onFinding: (finding: Finding) => void,
): Promise<void> {
  const waitMs = context.deps.settings.timeouts.moderatorWaitMs;
  const pending = new Set(working);
  let firstAnswered: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (firstAnswered = resolve));
  let timer: NodeJS.Timeout | undefined;
  const deadline = answered.then(() => new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs))));
  const all = Promise.all(
    working.map(async (specialist) => {
      const finding = await specialist.finding;
      if (!pending.delete(specialist)) return;
      onFinding(finding);
      if (finding.status === "ok") firstAnswered();
    }),
  );
  await Promise.race([all, deadline]);
  clearTimeout(timer);
  const late = [...pending];
  pending.clear();
  if (late.length === 0) return;
  for (const specialist of late) {
    specialist.abort.abort();
    onFinding({
      specialist: specialist.id,
      status: "failed",
      error: `late: no finding ${seconds(waitMs)} after the first specialist answered; the answer was written without it`,
      toolCalls: [],
    });
  }
  context.emit({
    type: "phase_completed",
    phase: "investigate",
    detail: `the Moderator started without ${late.map((s) => s.id).join(", ")}: still working ${seconds(waitMs)} after the first finding`,
  });
}

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}
