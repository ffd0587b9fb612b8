import type { RunState } from "../domain";
import type { ConditionalWrite, RunStore, Versioned } from "../workflow/ports";

/** A RunStore in process memory, for the CLI and benchmarks where nothing must survive the process. */
export class MemoryRunStore implements RunStore {
  private readonly runs = new Map<string, Versioned<RunState>>();
  private version = 0;

  async checkpoint(state: RunState): Promise<void> {
    this.put(state);
  }

  async load(runId: string): Promise<RunState | undefined> {
    return (await this.read(runId))?.value;
  }

  async read(runId: string): Promise<Versioned<RunState> | undefined> {
    const stored = this.runs.get(runId);
    return stored && { value: structuredClone(stored.value), etag: stored.etag };
  }

  async write(state: RunState, etag: string | undefined): Promise<ConditionalWrite> {
    const current = this.runs.get(state.runId);
    if (etag === undefined ? current !== undefined : current?.etag !== etag) return { kind: "conflict" };
    return { kind: "written", etag: this.put(state) };
  }

  private put(state: RunState): string {
    const etag = `"${++this.version}"`;
    this.runs.set(state.runId, { value: structuredClone(state), etag });
    return etag;
  }
}
