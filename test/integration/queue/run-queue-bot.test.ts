import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { finalReplies, runIdsIn } from "../../../bench/outcomes";
import { startProcura, type RunningProcura } from "../../../src/index";
import { QueueServiceClient } from "@azure/storage-queue";
import { AzureStorageRunQueue, POISON_SUFFIX } from "../../../src/queue/azure-storage-run-queue";
import { sharedEmbeddedAzurite, startEmbeddedAzurite } from "../../../src/queue/embedded-azurite";
import { stringsFor } from "../../../src/domain";
import { cardOf, cardTexts } from "../../fakes/fake-connector";
import { RecordingHttpProxy } from "../../fakes/recording-http-proxy";
import { startBotHarness, type BotHarness } from "../teams/bot-harness";
import { isSettled } from "../../../src/workflow/run-status";

const QUESTIONS = [
  "Can we renew the Acme SaaS contract at +8%?",
  "What is the risk rating of our logistics vendor?",
  "Who must approve a ¥5M purchase order?",
  "How much did we spend on cloud services last year?",
];

describe("run queue: two bot instances over one store and one queue (embedded Cosmos, Azurite)", function () {
  this.timeout(120_000);
  let harness: BotHarness;
  let second: RunningProcura;
  const secondLog: string[] = [];

  before(async () => {
    harness = await startBotHarness({ RUN_WORKER_CONCURRENCY: "2", RUN_MAX_DELIVERIES: "2" });
    second = await startProcura(harness.config, {
      port: 0,
      host: "127.0.0.1",
      store: harness.store,
      queue: harness.queue,
      log: (line) => secondLog.push(line),
    });
  });
  after(async () => {
    await second?.stop();
    await harness?.stop();
  });

  it("answers every question exactly once, the runs shared between the instances", async () => {
    const conversations = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const activity = harness.message(QUESTIONS[i % QUESTIONS.length]);
        // Half the questions arrive at each instance, as a load balancer would spread them.
        const url = i % 2 === 0 ? harness.bot.url : second.url;
        const response = await fetch(`${url}/api/messages`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(activity),
        });
        assert.equal(response.status, 200);
        return activity.conversation.id as string;
      }),
    );
    for (const id of conversations)
      await harness.connector.waitFor((a) => a.conversationId === id && finalReplies([a]).length > 0, 60_000, `the final reply in ${id}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const owners = new Set<string>();
    for (const id of conversations) {
      const activities = harness.connector.inConversation(id);
      assert.equal(finalReplies(activities).length, 1, `one final reply in ${id}: ${finalReplies(activities).join(", ")}`);
      const [runId] = runIdsIn(activities);
      const run = (await harness.store.runs.read(runId))?.value;
      assert.ok(run && isSettled(run), `run ${runId} is settled: ${run?.state.status}`);
      owners.add(run.lifecycle.owner!.split("#")[0]);
    }
    assert.equal(owners.size, 2, `both instances worked on runs: ${[...owners].join(", ")}`);
  });

  it("poisons a run delivered too often: one error card with its correlation id, the message kept, `poisoned` published", async () => {
    const conversationId = `personal-${randomUUID()}`;
    const runId = `run-${randomUUID()}`;
    const reference = {
      channelId: "msteams",
      serviceUrl: harness.serviceUrl,
      conversation: { id: conversationId },
      bot: { id: "28:procura" },
      user: { id: "user-p" },
    };
    // On a queue of its own: two workers took the message and died (their leases ran out), then a bot starts on it.
    const azurite = await sharedEmbeddedAzurite();
    const queueName = `poison-${randomUUID().slice(0, 8)}`;
    const queue = await AzureStorageRunQueue.open({ connectionString: azurite.connectionString }, queueName);
    await queue.enqueue({
      kind: "question",
      runId,
      question: QUESTIONS[0],
      requester: { userId: "user-p", conversationId },
      reference,
      acceptedAt: new Date().toISOString(),
    });
    for (let delivery = 1; delivery <= 2; delivery++) {
      const [held] = await queue.receive(1, 30);
      await held.release(0);
    }
    const log: string[] = [];
    const bot = await startProcura(harness.config, {
      port: 0,
      host: "127.0.0.1",
      store: harness.store,
      queue,
      log: (line) => log.push(line),
    });
    const error = await harness.connector.waitFor(
      (a) => a.conversationId === conversationId && finalReplies([a]).includes("error"),
      20_000,
      "the error card",
    );
    const texts = cardTexts(cardOf(error));
    assert.ok(
      texts.some((t) => t.includes(runId)),
      `the error card shows the correlation id: ${texts.join(" | ")}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.deepEqual(finalReplies(harness.connector.inConversation(conversationId)), ["error"], "one card, nothing else");
    const run = await harness.store.runs.read(runId);
    assert.equal(run?.value.state.status, "poisoned");
    assert.ok(
      log.some((line) => line.includes(`run ${runId}: poisoned after 3 deliveries`)),
      log.join("\n"),
    );
    assert.deepEqual(await queue.receive(1, 1), [], "the message left the run queue");
    const poison = QueueServiceClient.fromConnectionString(azurite.connectionString).getQueueClient(`${queueName}${POISON_SUFFIX}`);
    const kept = (await poison.peekMessages({ numberOfMessages: 32 })).peekedMessageItems.map((item) => JSON.parse(item.messageText));
    assert.equal(kept.length, 1, "the message is kept for inspection");
    assert.equal(JSON.parse(kept[0].body).runId, runId);
    assert.equal(kept[0].deliveryCount, 3);
    await bot.stop();
  });

  it("tells the user at once when the queue is unreachable, and starts nothing", async () => {
    const azurite = await startEmbeddedAzurite();
    const queue = await AzureStorageRunQueue.open({ connectionString: azurite.connectionString }, "unreachable-soon");
    const bot = await startProcura(harness.config, { port: 0, host: "127.0.0.1", store: harness.store, queue, log: () => undefined });
    try {
      await azurite.stop();
      const activity = harness.message(QUESTIONS[1]);
      const response = await fetch(`${bot.url}/api/messages`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(activity),
      });
      assert.equal(response.status, 200);
      const told = await harness.connector.waitFor(
        (a) => a.conversationId === activity.conversation.id && a.activity.text === stringsFor("en").bot.queueUnreachable,
        20_000,
        "the queue-unreachable reply",
      );
      assert.ok(told);
      assert.equal(finalReplies(harness.connector.inConversation(activity.conversation.id)).length, 0);
      // In a personal chat the reply ends the stream the turn started: nothing is left open.
      assert.equal((told.activity.channelData as { streamType?: string } | undefined)?.streamType, "final");
    } finally {
      await bot.stop();
    }
  });

  it("tells the user when the queue accepts connections and never answers, and the turn ends (a proxy that holds every request)", async () => {
    const azurite = await sharedEmbeddedAzurite();
    const endpoint = /QueueEndpoint=([^;]+)/.exec(azurite.connectionString)![1];
    const proxy = new RecordingHttpProxy(Number(new URL(endpoint).port));
    const proxied = azurite.connectionString.replace(new URL(endpoint).origin, await proxy.start());
    const queue = await AzureStorageRunQueue.open({ connectionString: proxied }, `held-${randomUUID().slice(0, 8)}`);
    const bot = await startProcura(harness.config, { port: 0, host: "127.0.0.1", store: harness.store, queue, log: () => undefined });
    try {
      proxy.hold();
      const activity = harness.message(QUESTIONS[2]);
      const response = await fetch(`${bot.url}/api/messages`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(activity),
      });
      assert.equal(response.status, 200, "the turn ends instead of holding the request open");
      const replies = harness.connector.inConversation(activity.conversation.id);
      assert.ok(
        replies.some((a) => a.activity.text === stringsFor("en").bot.queueUnreachable),
        "the asker was told before the turn ended that nothing was started",
      );
      assert.ok(
        proxy.requests.some((request) => request.method === "POST"),
        "the enqueue reached the held queue",
      );
      assert.equal(finalReplies(replies).length, 0);
    } finally {
      await bot.stop();
      proxy.resume();
      await proxy.stop();
    }
  });
});
