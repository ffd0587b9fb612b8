import assert from "node:assert/strict";
import { TurnState } from "@microsoft/teams-ai";
import { CosmosClient, type Container } from "@azure/cosmos";
import { TestAdapter, TurnContext, type Activity } from "botbuilder";
import { CosmosBotStorage } from "../../../src/storage/bot-state-storage";
import { startEmbeddedCosmos, type EmbeddedCosmos } from "../../../src/storage/embedded-server";

describe("CosmosBotStorage (botbuilder Storage on the embedded Cosmos)", () => {
  let server: EmbeddedCosmos;
  let client: CosmosClient;
  let container: Container;

  before(async () => {
    server = await startEmbeddedCosmos();
    client = new CosmosClient({ endpoint: server.endpoint, key: server.key, connectionPolicy: { enableEndpointDiscovery: false } });
    const { database } = await client.databases.createIfNotExists({ id: "bot-state-test" });
    ({ container } = await database.containers.createIfNotExists({ id: "botState", partitionKey: { paths: ["/id"] } }));
  });
  after(async () => {
    client.dispose();
    await server.stop();
  });

  it("reads back what it wrote with an eTag, under keys containing '/', and omits missing keys", async () => {
    const storage = new CosmosBotStorage(container);
    await storage.write({ "msteams/bot/conversations/a:1": { topic: "renewal", count: 1 } });
    const items = await storage.read(["msteams/bot/conversations/a:1", "msteams/bot/conversations/none"]);
    assert.deepEqual(Object.keys(items), ["msteams/bot/conversations/a:1"]);
    const item = items["msteams/bot/conversations/a:1"]!;
    assert.equal(item.topic, "renewal");
    assert.equal(item.count, 1);
    assert.equal(typeof item.eTag, "string");
  });

  it("honours item eTags: a stale write raises botbuilder's conflict error and changes nothing", async () => {
    const storage = new CosmosBotStorage(container);
    await storage.write({ k1: { value: 1 } });
    const first = (await storage.read(["k1"])).k1!;
    await storage.write({ k1: { ...first, value: 2 } });
    await assert.rejects(storage.write({ k1: { ...first, value: 3 } }), { message: 'Storage: error writing "k1" due to eTag conflict.' });
    assert.equal((await storage.read(["k1"])).k1!.value, 2);
  });

  it("writes unconditionally with eTag '*'", async () => {
    const storage = new CosmosBotStorage(container);
    await storage.write({ k2: { value: 1 } });
    await storage.write({ k2: { value: 2, eTag: "*" } });
    assert.equal((await storage.read(["k2"])).k2!.value, 2);
  });

  it("deletes items and ignores keys that do not exist", async () => {
    const storage = new CosmosBotStorage(container);
    await storage.write({ k3: { value: 1 } });
    await storage.delete(["k3", "never-written"]);
    assert.deepEqual(await storage.read(["k3"]), {});
  });

  describe("two concurrent teams-ai turns in one conversation", () => {
    const activity = (text: string): Partial<Activity> => ({
      type: "message",
      text,
      channelId: "msteams",
      recipient: { id: "bot", name: "bot" },
      conversation: { id: "a:concurrent", isGroup: false, conversationType: "personal", name: "" },
      from: { id: "29:user", name: "" },
    });

    /** Both turns load the same state, change a different key each, then save at the same time. */
    async function raceTwoTurns(storage: CosmosBotStorage) {
      const contexts = [new TurnContext(new TestAdapter(), activity("first")), new TurnContext(new TestAdapter(), activity("second"))];
      const states = contexts.map(() => new TurnState<{ lastQuestion?: string; lastCard?: string }>());
      await Promise.all(states.map((state, i) => state.load(contexts[i], storage)));
      states[0].conversation.lastQuestion = "first";
      states[1].conversation.lastCard = "progress-2";
      return Promise.allSettled(states.map((state, i) => state.save(contexts[i], storage)));
    }

    it("exactly one turn fails with the conflict error: a stale eTag never overwrites", async () => {
      const storage = new CosmosBotStorage(container);
      await storage.delete(["msteams/bot/conversations/a:concurrent"]);
      await storage.write({ "msteams/bot/conversations/a:concurrent": { turns: 0 } });
      const results = await raceTwoTurns(storage);
      const rejected = results.filter((result): result is PromiseRejectedResult => result.status === "rejected");
      assert.equal(rejected.length, 1);
      assert.match((rejected[0].reason as Error).message, /due to eTag conflict/);
    });
  });
});
