import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import type { RunMessage } from "../../../src/domain";
import { AzureStorageRunQueue, POISON_SUFFIX } from "../../../src/queue/azure-storage-run-queue";
import { sharedEmbeddedAzurite } from "../../../src/queue/embedded-azurite";
import type { RunQueue } from "../../../src/workflow/ports";

/** What every run queue adapter must do; each adapter runs this suite against its own wire. */
export function runQueueConformance(name: string, open: () => Promise<{ queue: RunQueue; poisoned: () => Promise<string[]> }>): void {
  describe(`run queue conformance: ${name}`, function () {
    this.timeout(30_000);
    const message = (id: string): RunMessage => ({ kind: "approval_decided", approvalId: id });

    it("hides a received message for its lease, then shows it again with its delivery counted", async () => {
      const { queue } = await open();
      await queue.enqueue(message("a"));
      const [first] = await queue.receive(5, 1);
      assert.equal(JSON.parse(first.body).approvalId, "a");
      assert.equal(first.deliveryCount, 1);
      assert.deepEqual(await queue.receive(5, 1), [], "invisible while leased");
      await new Promise((resolve) => setTimeout(resolve, 1_300));
      const [again] = await queue.receive(5, 30);
      assert.equal(again.id, first.id);
      assert.equal(again.deliveryCount, 2);
      await again.complete();
    });

    it("keeps a renewed lease, releases on request, and forgets a completed message", async () => {
      const { queue } = await open();
      await queue.enqueue(message("b"));
      const [held] = await queue.receive(1, 1);
      await held.renew(3);
      await new Promise((resolve) => setTimeout(resolve, 1_300));
      assert.deepEqual(await queue.receive(1, 1), [], "the renewal extended the lease");
      await held.release(0);
      const [back] = await queue.receive(1, 30);
      assert.equal(back.id, held.id);
      await back.complete();
      assert.deepEqual(await queue.receive(1, 30), []);
    });

    it("requeues a message behind the others as a new one whose deliveries start again (a user over their share waits)", async () => {
      const { queue } = await open();
      await queue.enqueue(message("over-share"));
      const [held] = await queue.receive(1, 30);
      await queue.enqueue(message("other"));
      await held.requeue(0);
      const taken = await queue.receive(32, 30);
      assert.deepEqual(
        taken.map((m) => [JSON.parse(m.body).approvalId, m.deliveryCount]),
        [
          ["other", 1],
          ["over-share", 1],
        ],
      );
      await Promise.all(taken.map((m) => m.complete()));
    });

    it("hands out a started message that came back before every new one, and only as many as asked for", async () => {
      const { queue } = await open();
      await queue.enqueue(message("orphan"));
      const [orphan] = await queue.receive(1, 1);
      // A backlog arrives while the orphan's worker is (silently) gone.
      await Promise.all(Array.from({ length: 6 }, (_, i) => queue.enqueue(message(`new${i}`))));
      await new Promise((resolve) => setTimeout(resolve, 1_300));
      const [first, second] = await queue.receive(2, 30);
      assert.equal(JSON.parse(first.body).approvalId, "orphan", "the run already started comes first");
      assert.equal(first.deliveryCount, 2);
      assert.equal(orphan.deliveryCount, 1);
      assert.match(JSON.parse(second.body).approvalId, /^new/);
      const rest = await queue.receive(32, 30);
      assert.equal(rest.length, 5, "the two handed out stay leased; the other five wait");
    });

    it("hands each message to one of several competing consumers", async () => {
      const { queue } = await open();
      await Promise.all(Array.from({ length: 12 }, (_, i) => queue.enqueue(message(`m${i}`))));
      const batches = await Promise.all([queue.receive(5, 30), queue.receive(5, 30), queue.receive(5, 30)]);
      const ids = batches.flat().map((m) => JSON.parse(m.body).approvalId as string);
      assert.equal(new Set(ids).size, ids.length, "no message went to two consumers");
      const rest = await queue.receive(32, 30);
      assert.equal(ids.length + rest.length, 12);
    });

    it("sets a quarantined message aside for inspection", async () => {
      const { queue, poisoned } = await open();
      await queue.enqueue(message("p"));
      const [held] = await queue.receive(1, 30);
      await queue.quarantine(held, "delivered 6 times (limit 5)");
      assert.deepEqual(await queue.receive(1, 1), []);
      const kept = (await poisoned()).map((text) => JSON.parse(text));
      assert.equal(kept.length, 1);
      assert.equal(kept[0].reason, "delivered 6 times (limit 5)");
      assert.equal(JSON.parse(kept[0].body).approvalId, "p");
    });
  });
}

runQueueConformance("Azure Storage (Azurite)", async () => {
  const azurite = await sharedEmbeddedAzurite();
  const name = `conformance-${randomBytes(4).toString("hex")}`;
  const queue = await AzureStorageRunQueue.open({ connectionString: azurite.connectionString }, name);
  const { QueueServiceClient } = await import("@azure/storage-queue");
  const poison = QueueServiceClient.fromConnectionString(azurite.connectionString).getQueueClient(`${name}${POISON_SUFFIX}`);
  return {
    queue,
    poisoned: async () => (await poison.peekMessages({ numberOfMessages: 32 })).peekedMessageItems.map((item) => item.messageText),
  };
});
