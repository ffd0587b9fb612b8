import assert from "node:assert/strict";
import type { OperatorNotice, RunState } from "../../../src/domain";
import { notifyOperatorsOfRuns, type OperatorNotices } from "../../../src/operators";
import { RunLifecycle } from "../../../src/workflow/run-lifecycle";
import { freshRunState } from "../../fakes/fresh-run-state";

/** An OperatorNotices port that keeps what it was told. */
function recordingNotices(): OperatorNotices & { told: OperatorNotice[] } {
  const told: OperatorNotice[] = [];
  return { told, notify: async (notice) => (told.push(notice), "posted") };
}

function run(runId: string, extra: Partial<RunState> = {}): RunState {
  return { ...freshRunState({ question: "Can we renew the Acme SaaS contract at +8%?", runId }), ...extra };
}

describe("operators told of runs through the run lifecycle", () => {
  const reference = { serviceUrl: "https://smba.trafficmanager.net/emea/" };

  it("tells of a failed run when it finishes, with the requester's service URL from its start", async () => {
    const lifecycle = new RunLifecycle();
    const notices = recordingNotices();
    notifyOperatorsOfRuns(lifecycle, notices);
    await lifecycle.publish({ type: "started", state: { ...run("r-1"), reference }, owner: "a#1", takeover: false });
    await lifecycle.publish({
      type: "finished",
      state: run("r-1", { status: "failed", failure: { message: "The Moderator could not produce an answer", correlationId: "r-1" } }),
    });
    assert.deepEqual(
      notices.told.map((n) => [n.kind, n.runId, n.correlationId, n.serviceUrl]),
      [["run_failed", "r-1", "r-1", reference.serviceUrl]],
    );
  });

  it("tells of a poisoned run, with how often it was delivered", async () => {
    const lifecycle = new RunLifecycle();
    const notices = recordingNotices();
    notifyOperatorsOfRuns(lifecycle, notices);
    await lifecycle.publish({ type: "started", state: { ...run("r-2"), reference }, owner: "a#5", takeover: true });
    await lifecycle.publish({
      type: "poisoned",
      runId: "r-2",
      correlationId: "r-2",
      deliveryCount: 5,
      reason: "delivered 5 times (limit 5)",
      state: run("r-2"),
    });
    assert.deepEqual(
      notices.told.map((n) => [n.kind, n.runId, n.attempts, n.errorKind, n.serviceUrl, n.question]),
      [["run_poisoned", "r-2", 5, "poisoned", reference.serviceUrl, "Can we renew the Acme SaaS contract at +8%?"]],
    );
  });

  it("says nothing of a run that answered at the first attempt", async () => {
    const lifecycle = new RunLifecycle();
    const notices = recordingNotices();
    notifyOperatorsOfRuns(lifecycle, notices);
    await lifecycle.publish({ type: "finished", state: run("r-3", { status: "answered" }) });
    assert.deepEqual(notices.told, []);
  });
});
