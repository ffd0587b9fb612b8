import type { RunState } from "../domain";
import type { RunStore } from "../workflow/ports";

/** A RunStore in process memory, for the CLI and benchmarks where nothing must survive the process. */
export class MemoryRunStore implements RunStore {
  private readonly runs = new Map<string, RunState>();

  async checkpoint(state: RunState): Promise<void> {
    this.runs.set(state.runId, structuredClone(state));
  }

  async load(runId: string): Promise<RunState | undefined> {
    const state = this.runs.get(runId);
    return state && structuredClone(state);
  }

  async listInFlight(): Promise<RunState[]> {
    return [...this.runs.values()].filter((state) => state.status === "running").map((state) => structuredClone(state));
  }
}
