import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { finalReplies } from "../../../bench/outcomes";
import { testConfig } from "../../fakes/test-config";
import { startProcura, type RunningProcura } from "../../../src/index";
import { sharedEmbeddedAzurite } from "../../../src/queue/embedded-azurite";
import { openRunQueue } from "../../../src/queue/open-run-queue";
import { openCosmosStore, type CosmosStore } from "../../../src/storage";
import { startEmbeddedCosmos, type EmbeddedCosmos } from "../../../src/storage/embedded-server";
import { stringsFor } from "../../../src/domain";
import { createInMemoryProcurementData, generateSampleDataSet } from "../../../src/tools";
import type { RunQueue } from "../../../src/workflow/ports";
import { FakeConnector } from "../../fakes/fake-connector";
import { RecordingHttpProxy } from "../../fakes/recording-http-proxy";
import { teamsMessage } from "../../fakes/teams-activity";

/** Resolves once `condition` holds; rejects with `what` after `timeoutMs`. */
async function until(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("intake with the store paused: a question is accepted with the queue alone (embedded Cosmos behind a holding proxy, Azurite)", function () {
  this.timeout(90_000);
  let cosmos: EmbeddedCosmos;
  let proxy: RecordingHttpProxy;
  let store: CosmosStore;
  let queue: RunQueue;
  let connector: FakeConnector;
  let serviceUrl: string;
  let bot: RunningProcura;
  const log: string[] = [];

  before(async () => {
    cosmos = await startEmbeddedCosmos();
    proxy = new RecordingHttpProxy(Number(new URL(cosmos.endpoint).port));
    const config = testConfig({
      NODE_ENV: "test",
      LLM_PROVIDER: "offline",
      COSMOS_ENDPOINT: await proxy.start(),
      COSMOS_KEY: cosmos.key,
      RUN_QUEUE_CONNECTION_STRING: (await sharedEmbeddedAzurite()).connectionString,
      RUN_QUEUE_NAME: `intake-${randomUUID().slice(0, 8)}`,
    });
    connector = new FakeConnector();
    serviceUrl = await connector.start();
    // The data tools read the sample set from memory: what is under test is the store the turn and the worker use.
    store = { ...(await openCosmosStore(config, { log: () => {} })), toolData: createInMemoryProcurementData(generateSampleDataSet()) };
    queue = await openRunQueue(config);
    bot = await startProcura(config, { port: 0, host: "127.0.0.1", store, queue, log: (line) => log.push(line) });
  });
  after(async () => {
    proxy?.resume();
    await bot?.stop();
    await store?.close();
    await connector?.stop();
    await proxy?.stop();
    await cosmos?.stop();
  });

  it("questions that arrive while the store is paused are queued at once and each answered once when it is back", async () => {
    proxy.hold();
    const heldFrom = proxy.requests.length;
    const asked = ["personal", "groupChat"].map((conversationType, i) =>
      teamsMessage({
        serviceUrl,
        conversationId: `${conversationType}-${randomUUID()}`,
        conversationType: conversationType,
        text: i === 0 ? "What is the risk rating of our logistics vendor?" : "Can I accept a gift from a supplier?",
        userId: `user-${i}`,
        userName: "Test User",
      }),
    );
    for (const activity of asked) {
      const response = await fetch(`${bot.url}/api/messages`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(activity),
      });
      assert.equal(response.status, 200, "the turn ended normally");
    }
    // Only a worker that took a question off the queue asks the store about its run.
    await until(
      () => proxy.requests.slice(heldFrom).some((request) => request.path.includes("/colls/runs")),
      30_000,
      "a worker to claim a queued run while the store is paused",
    );
    for (const activity of asked) {
      const seen = connector.inConversation(activity.conversation.id);
      assert.ok(seen.length > 0, "the asker saw the question acknowledged");
      const texts = seen.map((a) => a.activity.text);
      assert.ok(!texts.includes(stringsFor("en").bot.turnError), `no "turn failed" reply: ${texts.join(" | ")}`);
      assert.ok(!texts.includes(stringsFor("en").bot.queueUnreachable));
    }

    proxy.resume();
    for (const activity of asked)
      await connector.waitFor(
        (a) => a.conversationId === activity.conversation.id && finalReplies([a]).length > 0,
        60_000,
        `the answer in ${activity.conversation.conversationType}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const activity of asked)
      assert.deepEqual(finalReplies(connector.inConversation(activity.conversation.id)), ["answer"], "exactly one answer");
    assert.ok(!log.some((line) => line.includes("turn failed")), log.join("\n"));
  });

  it("`reset` with the store failing tells the user nothing was cleared, instead of a generic error", async () => {
    const activity = teamsMessage({
      serviceUrl,
      conversationId: `personal-${randomUUID()}`,
      text: "reset",
      userId: "user-r",
      userName: "R",
    });
    proxy.fail((request) => request.method === "DELETE" && request.path.includes("/colls/conversationMemory"), 503, 100);
    try {
      const response = await fetch(`${bot.url}/api/messages`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(activity),
      });
      assert.equal(response.status, 200);
      const reply = await connector.waitFor(
        (a) => a.conversationId === activity.conversation.id && a.activity.type === "message",
        30_000,
        "the reset reply",
      );
      assert.equal(reply.activity.text, stringsFor("en").bot.resetFailed, JSON.stringify(reply));
    } finally {
      proxy.fail(() => false, 503, 0);
    }
  });
});
