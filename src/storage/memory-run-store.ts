import { RUN_SCHEMA_VERSION, assertRunVersion, oldestFirst, type RunRecord, type RunState } from "../domain";
import type { ConditionalWrite, ConversationRuns, RunStore, Versioned } from "../workflow/ports";

/** A RunStore in process memory, for the CLI and benchmarks where nothing must survive the process. */
export class MemoryRunStore implements RunStore, ConversationRuns {
  private readonly runs = new Map<string, Versioned<RunRecord>>();
  private version = 0;

  async checkpoint(state: RunState): Promise<void> {
    this.put({ lifecycle: { owners: 0, sent: {} }, state });
  }

  async load(runId: string): Promise<RunState | undefined> {
    return (await this.read(runId))?.value.state;
  }

  async read(runId: string): Promise<Versioned<RunRecord> | undefined> {
    const stored = this.runs.get(runId);
    if (stored) assertRunVersion(runId, stored.value);
    return stored && { value: structuredClone(stored.value), etag: stored.etag };
  }

  async write(record: RunRecord, etag: string | undefined): Promise<ConditionalWrite> {
    const current = this.runs.get(record.state.runId);
    if (etag === undefined ? current !== undefined : current?.etag !== etag) return { kind: "conflict" };
    return { kind: "written", etag: this.put(record) };
  }

  async ofConversation(conversationId: string): Promise<RunRecord[]> {
    const runs = [...this.runs.values()].filter(
      (run) => run.value.state.requester?.conversationId === conversationId && run.value.state.schemaVersion === RUN_SCHEMA_VERSION,
    );
    return oldestFirst(runs.map((run) => structuredClone(run.value)));
  }

  private put(record: RunRecord): string {
    const etag = `"${++this.version}"`;
    this.runs.set(record.state.runId, { value: structuredClone(record), etag });
    return etag;
  }
}
