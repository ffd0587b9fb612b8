import assert from "node:assert/strict";
import type { RunState } from "../../../src/domain";
import { MemoryRunStore } from "../../../src/storage/memory-run-store";
import type { VersionedRecord } from "../../../src/workflow/ports";
import { updateVersioned } from "../../../src/workflow/versioned-update";
import { finishedRun } from "../../integration/storage/run-state-fixture";

const RUN_ID = "run-versioned";

/** The state of one run of the in-process run store (a real adapter of the run store port) as a versioned record. */
function runRecord(store: MemoryRunStore): VersionedRecord<RunState> & { writes: number } {
  const record = {
    writes: 0,
    read: async () => {
      const stored = await store.read(RUN_ID);
      return stored && { value: stored.value.state, etag: stored.etag };
    },
    write: (state: RunState, etag: string | undefined) => {
      record.writes++;
      return store.write({ lifecycle: { owners: 0, sent: {} }, state }, etag);
    },
  };
  return record;
}

const limit = (attempts: number) => ({ attempts, gaveUp: () => new Error(`gave up after ${attempts}`) });

describe("workflow: updateVersioned, the one etag read-modify-write", () => {
  it("creates the record when none is stored, and returns the version it wrote", async () => {
    const store = new MemoryRunStore();
    const result = await updateVersioned(runRecord(store), (current) => current ?? finishedRun({ runId: RUN_ID, attempts: 1 }), limit(3));
    const stored = await store.read(RUN_ID);
    assert.equal(result?.written, true);
    assert.equal(stored?.value.state.attempts, 1);
    assert.equal(result.current.etag, stored.etag);
  });

  it("writes nothing when there is no record and the change makes none, or when the change leaves the record as it is", async () => {
    const store = new MemoryRunStore();
    const record = runRecord(store);
    assert.equal(await updateVersioned(record, () => undefined, limit(3)), undefined);
    assert.equal(await store.read(RUN_ID), undefined);

    await store.checkpoint(finishedRun({ runId: RUN_ID, attempts: 4 }));
    const before = await record.read();
    const result = await updateVersioned(record, () => undefined, limit(3));
    assert.deepEqual(result, { current: before, written: false });
    assert.equal(record.writes, 0);
  });

  it("runs the change again on a fresh read when another writer wins in between, so both changes are kept", async () => {
    const store = new MemoryRunStore();
    await store.checkpoint(finishedRun({ runId: RUN_ID, attempts: 1 }));
    let rivalWrote = false;
    const result = await updateVersioned(
      runRecord(store),
      (current) => {
        if (!current) return undefined;
        if (!rivalWrote) {
          rivalWrote = true;
          // Another worker checkpoints after this read: this call's write must lose and see it.
          void store.checkpoint({ ...current, attempts: current.attempts + 1 });
        }
        return { ...current, approval: { reasons: [...(current.approval?.reasons ?? []), "over budget"] } };
      },
      limit(3),
    );
    const stored = await store.load(RUN_ID);
    assert.equal(result?.written, true);
    assert.equal(stored?.attempts, 2, "the rival's change is kept");
    assert.deepEqual(stored?.approval?.reasons, ["over budget"], "this call's change is applied once, on the rival's version");
  });

  it("gives up with the caller's error after the given number of lost races", async () => {
    const store = new MemoryRunStore();
    await store.checkpoint(finishedRun({ runId: RUN_ID, attempts: 1 }));
    const record = runRecord(store);
    await assert.rejects(
      updateVersioned(
        record,
        (current) => {
          if (!current) return undefined;
          void store.checkpoint({ ...current, attempts: current.attempts + 1 });
          return { ...current, status: "failed" as const };
        },
        limit(3),
      ),
      /gave up after 3/,
    );
    assert.equal(record.writes, 3);
    assert.notEqual((await store.load(RUN_ID))?.status, "failed");
  });
});
