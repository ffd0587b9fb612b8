import assert from "node:assert/strict";
import { z } from "zod";
import { testConfig } from "../../fakes/test-config";
import type { Approval } from "../../../src/domain";
import { SystemError } from "../../../src/domain/errors";
import type { EvaluationRecord } from "../../../src/domain";
import { openCosmosStore, type CosmosStore } from "../../../src/storage";
import { finishedRun } from "./run-state-fixture";
import { feedbackForRun } from "../../fakes/stored-feedback";

function approval(id: string, overrides: Partial<Approval> = {}): Approval {
  const run = finishedRun();
  return {
    id,
    schemaVersion: 1,
    runId: `run-${id}`,
    status: "pending",
    requester: run.requester!,
    question: run.question,
    language: "en",
    draft: run.answer!,
    qscore: 86,
    specialists: ["contract", "spend"],
    reasons: ["amount above 100,000"],
    createdAt: "2026-11-21T09:00:00.000Z",
    expiresAt: "2026-11-24T09:00:00.000Z",
    audit: [],
    ...overrides,
  };
}

describe("Cosmos repositories (embedded server)", () => {
  let store: CosmosStore;
  const config = testConfig({ NODE_ENV: "test", APPROVAL_REMIND_AFTER: "4h" });

  before(async () => {
    store = await openCosmosStore(config, { log: () => {} });
  });
  after(() => store.close());

  // The run store's behaviour is the RunStore contract (run-store-contract.test.ts), run on both adapters.

  describe("approvals", () => {
    it("creates once, reads with an etag, and a second create with the same id is a conflict", async () => {
      assert.equal((await store.approvals.create(approval("ap-1"))).kind, "written");
      assert.deepEqual(await store.approvals.create(approval("ap-1")), { kind: "conflict" });
      const found = await store.approvals.get("ap-1");
      assert.deepEqual(found!.value, approval("ap-1"));
      assert.equal(typeof found!.etag, "string");
      assert.equal(await store.approvals.get("ap-missing"), undefined);
    });

    it("two concurrent replaces from the same etag: exactly one written, one conflict, and the winner's decision is stored", async () => {
      await store.approvals.create(approval("ap-2"));
      const { value: pending, etag } = (await store.approvals.get("ap-2"))!;
      const decide = (who: string, kind: "approve" | "reject"): Approval => ({
        ...pending,
        status: kind === "approve" ? "approved" : "rejected",
        decision: { byAadObjectId: who, byName: who, at: "2026-11-21T10:00:00.000Z", kind, before: "draft", after: "draft" },
      });
      const results = await Promise.all([
        store.approvals.replace(decide("aad-x", "approve"), etag),
        store.approvals.replace(decide("aad-y", "reject"), etag),
      ]);
      assert.deepEqual(results.map((result) => result.kind).sort(), ["conflict", "written"]);
      const winner = results[0].kind === "written" ? "aad-x" : "aad-y";
      const stored = (await store.approvals.get("ap-2"))!;
      assert.equal(stored.value.decision!.byAadObjectId, winner);
      const written = results.find((result) => result.kind === "written");
      assert.equal(stored.etag, written?.etag);
    });

    it("lists pending approvals and those due for a reminder or expiry", async () => {
      const now = new Date("2026-11-21T20:00:00.000Z");
      await store.approvals.create(
        approval("due-remind", { createdAt: "2026-11-21T15:00:00.000Z", expiresAt: "2026-11-24T15:00:00.000Z" }),
      );
      await store.approvals.create(approval("not-due", { createdAt: "2026-11-21T19:00:00.000Z", expiresAt: "2026-11-24T19:00:00.000Z" }));
      await store.approvals.create(
        approval("reminded", {
          createdAt: "2026-11-21T10:00:00.000Z",
          remindedAt: "2026-11-21T14:00:00.000Z",
          expiresAt: "2026-11-24T10:00:00.000Z",
        }),
      );
      await store.approvals.create(
        approval("due-expire", {
          createdAt: "2026-11-18T09:00:00.000Z",
          remindedAt: "2026-11-18T13:00:00.000Z",
          expiresAt: "2026-11-21T09:00:00.000Z",
        }),
      );
      await store.approvals.create(approval("decided", { status: "approved", createdAt: "2026-11-18T09:00:00.000Z" }));

      const pending = (await store.approvals.listPending()).map((item) => item.value.id);
      assert.ok(["due-remind", "not-due", "reminded", "due-expire"].every((id) => pending.includes(id)));
      assert.ok(!pending.includes("decided"));
      const due = await store.approvals.listDue(now);
      assert.deepEqual(
        due.map((item) => item.value.id).filter((id) => !id.startsWith("ap-")),
        ["due-expire", "due-remind"],
      );
      assert.ok(due.every((item) => typeof item.etag === "string" && item.etag.length > 0));
    });

    it("lists the settled approvals whose outcome was never shown, once they have waited long enough", async () => {
      const decided = (at: string) => ({ byAadObjectId: "aad-x", byName: "X", at, kind: "approve" as const, before: "d", after: "d" });
      await store.approvals.create(approval("shown", { status: "approved", decision: decided("2026-11-21T09:00:00.000Z") }));
      await store.approvals.replace(
        { ...(await store.approvals.get("shown"))!.value, outcomeShownAt: "2026-11-21T09:01:00.000Z" },
        (await store.approvals.get("shown"))!.etag,
      );
      await store.approvals.create(approval("not-shown", { status: "approved", decision: decided("2026-11-21T09:00:00.000Z") }));
      await store.approvals.create(approval("too-recent", { status: "rejected", decision: decided("2026-11-21T11:00:00.000Z") }));
      await store.approvals.create(approval("expired-not-shown", { status: "expired", expiresAt: "2026-11-21T08:00:00.000Z" }));
      await store.approvals.create(approval("still-pending", { createdAt: "2026-11-20T09:00:00.000Z" }));

      const listed = await store.approvals.listOutcomeNotShown(new Date("2026-11-21T09:30:00.000Z"));
      assert.deepEqual(listed.map((item) => item.value.id).sort(), ["expired-not-shown", "not-shown"]);
    });
  });

  describe("transcripts", () => {
    it("saves the built transcript, gets it by run and conversation, lists and marks it evaluated", async () => {
      const saved = await store.transcripts.save(finishedRun({ runId: "tr-1" }));
      await store.transcripts.save(finishedRun({ runId: "tr-running", status: "running" }));
      const requester = { userId: "29:other", conversationId: "a:conv-2" };
      await store.transcripts.save({ ...finishedRun({ runId: "tr-2", startedAt: "2026-11-22T09:00:00.000Z" }), requester });

      assert.deepEqual(await store.transcripts.get("tr-1", "a:conv-1"), saved);
      assert.equal(await store.transcripts.get("tr-1", "a:conv-2"), undefined);
      assert.equal((await store.transcripts.get("tr-2", "a:conv-2"))!.userId, "29:other");

      const unevaluated = await store.transcripts.listUnevaluated({ limit: 10 });
      assert.deepEqual(
        unevaluated.map((t) => t.id),
        ["tr-1", "tr-2"],
      );
      assert.deepEqual(
        (await store.transcripts.listUnevaluated({ limit: 1 })).map((t) => t.id),
        ["tr-1"],
      );
      assert.deepEqual(
        (await store.transcripts.listUnevaluated({ limit: 10, since: "2026-11-22T00:00:00.000Z" })).map((t) => t.id),
        ["tr-2"],
      );

      assert.equal(await store.transcripts.markEvaluated("tr-1", "a:conv-1", "2026-11-23T00:00:00.000Z"), true);
      assert.equal(await store.transcripts.markEvaluated("tr-gone", "a:conv-1", "2026-11-23T00:00:00.000Z"), false);
      assert.equal((await store.transcripts.get("tr-1", "a:conv-1"))!.evaluatedAt, "2026-11-23T00:00:00.000Z");
      assert.deepEqual(
        (await store.transcripts.listUnevaluated({ limit: 10 })).map((t) => t.id),
        ["tr-2"],
      );
    });
  });

  describe("evaluations, feedback, conversations, settings", () => {
    it("stores an evaluation record and refuses one that breaks the job's schema", async () => {
      const record: EvaluationRecord = {
        id: "eval-tr-1",
        schemaVersion: 1,
        transcriptId: "tr-1",
        conversationId: "a:conv-1",
        runId: "tr-1",
        jobRunId: "job-1",
        createdAt: "2026-11-23T00:00:00.000Z",
        models: ["offline"],
        metrics: [{ metric: "tool_call_accuracy", score: 1, scorable: true, reason: "all calls matched", parts: {} }],
        judge: null,
      };
      await store.evaluations.save(record);
      await store.evaluations.save(record); // an upsert: saving twice is fine
      await assert.rejects(store.evaluations.save({ ...record, id: "" }), z.ZodError);
    });

    it("keeps one feedback vote per user per run, newest wins", async () => {
      const vote = { runId: "run-f", conversationId: "a:conv-1", userId: "29:u1", rating: "down" as const, at: "2026-11-21T10:00:00.000Z" };
      await store.feedback.save(vote);
      await store.feedback.save({ ...vote, rating: "up", comment: "clear answer", at: "2026-11-21T10:01:00.000Z" });
      await store.feedback.save({ ...vote, userId: "29:u2", at: "2026-11-21T10:02:00.000Z" });
      assert.deepEqual(await feedbackForRun(store, "run-f"), [
        { ...vote, rating: "up", comment: "clear answer", at: "2026-11-21T10:01:00.000Z" },
        { ...vote, userId: "29:u2", at: "2026-11-21T10:02:00.000Z" },
      ]);
      assert.deepEqual(await feedbackForRun(store, "run-none"), []);
    });

    it("sets and gets settings validated with the caller's schema", async () => {
      const ApproverChannel = z.object({ teamId: z.string(), channelId: z.string() });
      assert.equal(await store.settings.get("approverChannel", ApproverChannel), undefined);
      await store.settings.set("approverChannel", { teamId: "t-1", channelId: "19:approvers@thread.tacv2" });
      assert.deepEqual(await store.settings.get("approverChannel", ApproverChannel), {
        teamId: "t-1",
        channelId: "19:approvers@thread.tacv2",
      });
      await store.settings.set("approverChannel", { teamId: 42 });
      await assert.rejects(store.settings.get("approverChannel", ApproverChannel), SystemError);
    });
  });
});
