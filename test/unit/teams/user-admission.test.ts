import assert from "node:assert/strict";
import { UserAdmission } from "../../../src/teams/question-runs";

/** A clock the test moves by hand. */
function manualClock(start = Date.parse("2026-11-29T09:00:00Z")) {
  let now = start;
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
}

describe("UserAdmission (fair share at intake)", () => {
  it("admits a person's questions up to the in-flight limit, and one more once a run settles", () => {
    const admission = new UserAdmission({ maxInFlight: 2, maxPerMinute: 100 }, manualClock());
    assert.deepEqual(
      ["r1", "r2", "r3"].map((run) => admission.admit("alice", run)),
      [{ ok: true }, { ok: true }, { ok: false, limit: "in_flight", waiting: 2 }],
    );
    assert.deepEqual(admission.admit("bob", "b1"), { ok: true }, "another person is not held back");
    admission.settle("r1");
    assert.deepEqual(admission.admit("alice", "r4"), { ok: true });
  });

  it("admits at most the per-minute limit in any minute, however quickly the runs settle", () => {
    const clock = manualClock();
    const admission = new UserAdmission({ maxInFlight: 100, maxPerMinute: 3 }, clock);
    for (const run of ["r1", "r2", "r3"]) {
      assert.deepEqual(admission.admit("alice", run), { ok: true });
      admission.settle(run);
    }
    assert.deepEqual(admission.admit("alice", "r4"), { ok: false, limit: "per_minute", max: 3 });
    clock.advance(60_000);
    assert.deepEqual(admission.admit("alice", "r5"), { ok: true });
  });

  it("stops counting a run that settled on another instance after ten minutes", () => {
    const clock = manualClock();
    const admission = new UserAdmission({ maxInFlight: 1, maxPerMinute: 100 }, clock);
    assert.deepEqual(admission.admit("alice", "r1"), { ok: true });
    assert.equal(admission.admit("alice", "r2").ok, false);
    clock.advance(10 * 60_000);
    assert.deepEqual(admission.admit("alice", "r3"), { ok: true });
  });
});
