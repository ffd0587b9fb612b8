import assert from "node:assert/strict";
import { createServer } from "node:net";
import { startProcura } from "../../../src/index";
import { openRunQueue } from "../../../src/queue/open-run-queue";
import { openCosmosStore, type CosmosStore } from "../../../src/storage";
import { CosmosApprovalRepository } from "../../../src/storage/approval-repository";
import { createCosmosClient } from "../../../src/storage/cosmos-store";
import { stringsFor } from "../../../src/domain";
import { isFinal, isSettled } from "../../../src/workflow/run-status";
import { FakeConnector } from "../../fakes/fake-connector";
import { teamsMessage } from "../../fakes/teams-activity";
import { testConfig } from "../../fakes/test-config";
import { eventually } from "../teams/bot-harness";
import { CHANNEL_ID, TEAM_ID } from "./approval-harness";

/** A loopback port nobody listens on. */
async function deadPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe("A run whose approval cannot be stored fails closed (the bot, embedded Cosmos, approvals container unreachable)", function () {
  this.timeout(90_000);
  const connector = new FakeConnector();
  let store: CosmosStore;
  let bot: Awaited<ReturnType<typeof startProcura>>;
  let disposeDead: () => void;
  let serviceUrl: string;

  before(async () => {
    serviceUrl = await connector.start();
    const config = testConfig({
      NODE_ENV: "test",
      LLM_PROVIDER: "offline",
      APPROVER_TEAM_ID: TEAM_ID,
      APPROVER_CHANNEL_ID: CHANNEL_ID,
      APPROVER_TENANT_ID: "tenant-1",
      APPROVER_AAD_IDS: "aad-approver-1",
      APPROVAL_SCHEDULER: "off",
    });
    store = await openCosmosStore(config, { log: () => undefined });
    const queue = await openRunQueue(config, { log: () => undefined });
    // The real SDK failing at the wire: only the approvals container is unreachable, runs are stored as usual.
    const client = await createCosmosClient({
      endpoint: `http://127.0.0.1:${await deadPort()}/`,
      key: Buffer.from("down").toString("base64"),
    });
    disposeDead = () => client.dispose();
    const approvals = new CosmosApprovalRepository(client.database("procura").container("approvals"), { remindAfterMs: 3_600_000 });
    bot = await startProcura(config, { port: 0, host: "127.0.0.1", store: { ...store, approvals }, queue, log: () => undefined });
  });
  after(async () => {
    await bot?.stop();
    disposeDead?.();
    await store?.close();
    await connector.stop();
  });

  it("ends the run failed and tells the asker to try again; nothing is left waiting for an approval that does not exist", async () => {
    const conversationId = `personal-fail-closed-${Date.now()}`;
    const activity = teamsMessage({
      serviceUrl,
      conversationId,
      text: "Can we sign a ¥50,000,000 three-year cloud services contract with Acme?",
      userId: "user-1",
      userName: "Test User",
    });
    const response = await fetch(`${bot.url}/api/messages`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(activity),
    });
    assert.equal(response.status, 200);
    await connector.waitFor(
      (a) => a.conversationId === conversationId && a.activity.text === stringsFor("en").approvals.submitFailed,
      30_000,
      "the try-again message",
    );
    const [run] = await eventually(
      () => store.runs.ofConversation(conversationId),
      (runs) => runs.length === 1 && isSettled(runs[0]),
    );
    assert.equal(run.state.status, "failed", "the run ended: nothing would ever resume it");
    assert.ok(isFinal(run), "and told its asker");
    assert.equal(connector.createdThreads.length, 0, "nothing posted to the approver channel");
  });
});
