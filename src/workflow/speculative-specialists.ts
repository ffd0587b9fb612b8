import type { RouterInput } from "../domain";
import type { RunContext, SpeculativeWork, WorkingSpecialist } from "./run-context";
import { runSpecialist } from "./steps/specialist-step";

/**
 * Specialists started from the route guess while the Router decides, so that a correct guess takes
 * the Router's time off the critical path. They work under the guess as a provisional decision; the
 * Router's decision keeps the ones it chose (their findings are used as they arrive) and cancels the
 * others, whose calls then cost their prompt tokens and whatever output was written before the cancel.
 */
export class SpeculativeSpecialists implements SpeculativeWork {
  private constructor(
    private readonly context: RunContext,
    private readonly started: Map<string, WorkingSpecialist>,
  ) {}

  /**
   * Starts the specialists the guesser names for `input` (the Router's own input). None start when
   * no guesser is wired, SPECULATIVE_SPECIALISTS is off, or the guess finds the question out of scope.
   */
  static async start(context: RunContext, input: RouterInput): Promise<SpeculativeSpecialists | undefined> {
    const { deps, state } = context;
    if (!deps.routeGuesser || !deps.settings.speculativeSpecialists) return undefined;
    const guess = await deps.routeGuesser.guess(input);
    const offered = new Set(input.specialists.map((s) => s.id));
    const ids = [...new Set(guess.selected)].filter((id) => offered.has(id)).slice(0, input.maxSpecialists);
    if (!guess.inScope || ids.length === 0) return undefined;
    // runSpecialist reads the decision when it starts: the guess stands in for the Router's until it decides.
    state.decision = { ...guess, selected: ids, fallback: false };
    const started = new Map(ids.map((id) => [id, startSpecialist(context, id)]));
    state.decision = undefined;
    return new SpeculativeSpecialists(context, started);
  }

  /** The Router decided: keeps the chosen specialists' work and cancels the rest (said in an event). */
  confirm(selected: readonly string[]): void {
    const unchosen = [...this.started.keys()].filter((id) => !selected.includes(id));
    for (const id of unchosen) this.started.get(id)?.abort.abort();
    if (unchosen.length > 0)
      this.context.emit({
        type: "phase_completed",
        phase: "route",
        detail: `speculative start cancelled, not chosen by the Router: ${unchosen.join(", ")}`,
      });
  }

  /** A specialist started early, for the phase that would otherwise start it (once). */
  take(id: string): WorkingSpecialist | undefined {
    const started = this.started.get(id);
    this.started.delete(id);
    return started?.abort.signal.aborted ? undefined : started;
  }

  /** Stops every specialist still working (the run ends before any is needed). */
  cancel(): void {
    for (const { abort } of this.started.values()) abort.abort();
  }
}

/** Starts a specialist's first round, cancellable. */
export function startSpecialist(context: RunContext, id: string): WorkingSpecialist {
  const abort = new AbortController();
  return { id, abort, finding: runSpecialist(context, context.specialist(id), { round: "initial", signal: abort.signal }) };
}
