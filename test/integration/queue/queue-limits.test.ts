import assert from "node:assert/strict";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { QueueServiceClient } from "@azure/storage-queue";
import { newApproval } from "../../../src/approvals/approval-record";
import { RUN_SCHEMA_VERSION, type Approval, type RunMessage, type RunRecord } from "../../../src/domain";
import { AzureStorageRunQueue, MAX_MESSAGE_BYTES, POISON_SUFFIX } from "../../../src/queue/azure-storage-run-queue";
import { sharedEmbeddedAzurite } from "../../../src/queue/embedded-azurite";
import { RunLifecycle, type RunLifecycleEvent } from "../../../src/workflow/run-lifecycle";
import type { RunDelivery } from "../../../src/workflow/ports";
import { RunWorker, SET_ASIDE_ATTEMPTS } from "../../../src/workflow/run-worker";
import { completedRun } from "../../fixtures/cards/sample-runs";
import { scriptedModel, useScriptedModelServer, workflowHarness } from "../../fakes/workflow-harness";

const MAX_QUESTION_CHARS = 4000;
const MAX_DELIVERIES = 2;

/** A question message whose JSON is exactly `bytes` long (UTF-8), padded in its reference. */
function questionOfSize(bytes: number, question = "What is the risk rating of our logistics vendor?"): string {
  const message = (padding: string): RunMessage => ({
    kind: "question",
    runId: `run-${randomUUID()}`,
    question,
    requester: { userId: "user-q", conversationId: "personal-q" },
    reference: { conversation: { id: "personal-q" }, padding },
    acceptedAt: new Date().toISOString(),
  });
  const text = JSON.stringify(message(""));
  return JSON.stringify(message("x".repeat(bytes - Buffer.byteLength(text, "utf8"))));
}

describe("run queue limits: what a worker takes off the queue (Azurite)", function () {
  this.timeout(60_000);
  const model = useScriptedModelServer();
  let name: string;
  let queue: AzureStorageRunQueue;
  let raw: QueueServiceClient;
  let worker: RunWorker | undefined;
  const log: string[] = [];
  const events: RunLifecycleEvent[] = [];
  const sent: string[] = [];

  beforeEach(async () => {
    const { connectionString } = await sharedEmbeddedAzurite();
    name = `limits-${randomBytes(4).toString("hex")}`;
    queue = await AzureStorageRunQueue.open({ connectionString }, name);
    raw = QueueServiceClient.fromConnectionString(connectionString);
    log.length = 0;
    events.length = 0;
    sent.length = 0;
  });
  afterEach(async () => {
    await worker?.stop(1_000);
    worker = undefined;
  });

  /**
   * Starts a worker on the queue; the model server has nothing scripted, so any run fails the test.
   * `approvals` are the decided approvals it resumes runs with (an in-memory approvals store), `runs`
   * the runs stored before it starts.
   */
  function startWorker(approvals: Approval[] = [], runs: RunRecord[] = []): ReturnType<typeof workflowHarness> {
    const lifecycle = new RunLifecycle((line) => log.push(line));
    lifecycle.subscribe((event) => void events.push(event));
    const delivery: RunDelivery = {
      send: async (card) => (sent.push(card), undefined),
    };
    const harness = workflowHarness(scriptedModel(model.baseUrl(), 0));
    // The in-memory store keeps a write as it is called.
    for (const run of runs) void harness.store.write(run, undefined);
    worker = new RunWorker({
      queue,
      workflow: harness.deps,
      lifecycle,
      delivery,
      approvals: {
        get: async (id) => approvals.find((approval) => approval.id === id),
        request: async () => undefined,
        resumeDecided: async (id, resume) => {
          const decided = approvals.find((approval) => approval.id === id);
          if (decided) await resume(decided);
        },
      },
      settings: { concurrency: 2, leaseSeconds: 30, maxDeliveries: MAX_DELIVERIES, maxQuestionChars: MAX_QUESTION_CHARS },
      log: (line) => log.push(line),
    });
    worker.start();
    return harness;
  }

  const poisoned = async () =>
    (await raw.getQueueClient(`${name}${POISON_SUFFIX}`).peekMessages({ numberOfMessages: 32 })).peekedMessageItems.map(
      (item) => item.messageText,
    );

  async function until<T>(find: () => Promise<T | undefined>, what: string): Promise<T> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const found = await find();
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; log:\n${log.join("\n")}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it("sets aside a queued question over the question limit without running it", async () => {
    const question = "あ".repeat(MAX_QUESTION_CHARS + 1);
    await raw.getQueueClient(name).sendMessage(questionOfSize(20_000, question));
    startWorker();
    const [record] = await until(async () => {
      const kept = await poisoned();
      return kept.length > 0 ? kept.map((text) => JSON.parse(text)) : undefined;
    }, "the poison record");
    assert.equal(
      record.reason,
      `invalid message: the question is ${MAX_QUESTION_CHARS + 1} characters long, over the limit of ${MAX_QUESTION_CHARS}`,
    );
    assert.equal(JSON.parse(record.body).question, question, "the whole message is kept for inspection");
    assert.deepEqual(await queue.receive(1, 1), [], "the message left the run queue");
    assert.deepEqual(sent, [], "nothing was run or sent");
  });

  it("sets aside by reference a message too large to wrap (65,400–65,536 bytes): the body kept whole beside a small record", async () => {
    for (const bytes of [65_400, MAX_MESSAGE_BYTES]) {
      const body = questionOfSize(bytes, "x".repeat(MAX_QUESTION_CHARS + 10));
      await raw.getQueueClient(name).sendMessage(body);
      const [held] = await queue.receive(1, 30);
      await queue.quarantine(held, "invalid message: too long");
      const kept = await poisoned();
      const record = kept.map((text) => JSON.parse(text.startsWith('{"id"') ? text : "{}")).find((r) => r.bodyRef);
      assert.ok(record, `a record refers to the body: ${kept.map((t) => t.slice(0, 80)).join(" | ")}`);
      assert.equal(record.bodyRef.bytes, bytes);
      assert.equal(record.bodyRef.sha256, createHash("sha256").update(body).digest("hex"));
      assert.ok(body.startsWith(record.bodyExcerpt), "the excerpt is the body's opening");
      assert.ok(kept.includes(body), "the body itself is kept, unchanged");
      assert.deepEqual(await queue.receive(1, 1), [], "nothing is left to be retried");
      await raw.getQueueClient(`${name}${POISON_SUFFIX}`).clearMessages();
    }
  });

  it("never retries a message forever: one that cannot be set aside is dropped after its allowed deliveries, with operators told", async () => {
    const body = questionOfSize(1_000);
    await raw.getQueueClient(name).sendMessage(body);
    // The poison queue is gone (an operator deleted it), and the message has used up its deliveries.
    await raw.getQueueClient(`${name}${POISON_SUFFIX}`).delete();
    for (let delivery = 1; delivery <= MAX_DELIVERIES + SET_ASIDE_ATTEMPTS; delivery++) {
      const [held] = await queue.receive(1, 30);
      await held.release(0);
    }
    startWorker();
    const dropped = await until(async () => events.find((event) => event.type === "poisoned"), "the poisoned event");
    assert.equal(dropped.type, "poisoned");
    assert.match(dropped.reason, new RegExp(`dropped after ${MAX_DELIVERIES + SET_ASIDE_ATTEMPTS + 1} deliveries`));
    assert.ok(
      log.some((line) => line.includes(createHash("sha256").update(body).digest("hex"))),
      `the log identifies the message: ${log.join("\n")}`,
    );
    assert.deepEqual(await queue.receive(1, 1), [], "the message left the run queue");
  });

  it("a decision's message delivered too often poisons the run it would have resumed: its requester gets the error card, operators hear of that run", async () => {
    const waiting = completedRun({
      runId: `run-${randomUUID()}`,
      status: "awaiting_approval",
      phase: "approve",
      requester: { userId: "user-q", conversationId: "personal-q" },
      approval: { reasons: ["amount above the threshold"] },
    });
    const decided: Approval = { ...newApproval(waiting, new Date(), 3_600_000), status: "rejected" };
    await queue.enqueue({ kind: "approval_decided", approvalId: decided.id });
    // Every allowed delivery was taken and given back (the worker died each time).
    for (let delivery = 1; delivery <= MAX_DELIVERIES; delivery++) {
      const [held] = await queue.receive(1, 30);
      await held.release(0);
    }
    const harness = startWorker(
      [decided],
      [{ lifecycle: { owners: 1, sent: { approval_request: { claimedBy: "w#1", claimedAt: waiting.updatedAt } } }, state: waiting }],
    );
    const event = await until(async () => events.find((e) => e.type === "poisoned"), "the poisoned event");
    assert.equal(event.type === "poisoned" && event.runId, waiting.runId, "the event names the run, not the queue message");
    assert.equal((await harness.store.read(waiting.runId))!.value.state.status, "poisoned");
    assert.deepEqual(sent, ["error"], "the requester is told once, with the run's correlation id");
    const [record] = (await poisoned()).map((text) => JSON.parse(text));
    assert.match(record.reason, new RegExp(`delivered ${MAX_DELIVERIES + 1} times`));
  });

  it("refuses a run stored by a release with another run shape: its asker gets the error card once, the log says why, nothing is retried", async () => {
    const requester = { userId: "user-q", conversationId: "personal-q" };
    const asOtherRelease = (runId: string, status: "running" | "awaiting_approval"): RunRecord =>
      ({
        lifecycle: { owners: 1, sent: {} },
        state: {
          ...completedRun({ runId, status, requester, approval: { reasons: ["amount above the threshold"] } }),
          reference: { conversation: { id: "personal-q" } },
          schemaVersion: RUN_SCHEMA_VERSION + 1,
        },
      }) as unknown as RunRecord;
    const questionRun = asOtherRelease(`run-${randomUUID()}`, "running");
    const waitingRun = asOtherRelease(`run-${randomUUID()}`, "awaiting_approval");
    const decided: Approval = {
      ...newApproval(completedRun({ ...waitingRun.state, schemaVersion: RUN_SCHEMA_VERSION }), new Date(), 3_600_000),
      status: "approved",
    };
    await queue.enqueue({
      kind: "question",
      runId: questionRun.state.runId,
      question: questionRun.state.question,
      requester,
      reference: { conversation: { id: "personal-q" } },
      acceptedAt: new Date().toISOString(),
    });
    await queue.enqueue({ kind: "approval_decided", approvalId: decided.id });
    startWorker([decided], [questionRun, waitingRun]);
    await until(async () => (sent.length === 2 ? sent : undefined), "both error cards");
    assert.deepEqual(sent, ["error", "error"]);
    for (const run of [questionRun, waitingRun])
      assert.ok(
        log.some(
          (line) =>
            line ===
            `run ${run.state.runId}: refused, run ${run.state.runId} was stored with schema version ${RUN_SCHEMA_VERSION + 1}; this release reads version ${RUN_SCHEMA_VERSION} only`,
        ),
        log.join("\n"),
      );
    assert.deepEqual(await queue.receive(1, 1), [], "both messages are done");
    assert.deepEqual(await poisoned(), [], "nothing was set aside");
  });
});
