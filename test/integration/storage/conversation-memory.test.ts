import assert from "node:assert/strict";
import type { CosmosClient } from "@azure/cosmos";
import type { AppConfig } from "../../../src/config";
import { type ConversationTurn } from "../../../src/domain";
import { createCosmosClient } from "../../../src/storage/cosmos-store";
import { CosmosConversationMemory, InMemoryConversationMemory } from "../../../src/storage/conversation-memory-repository";
import { ensureContainers } from "../../../src/storage/containers";
import { startEmbeddedCosmos, type EmbeddedCosmos } from "../../../src/storage/embedded-server";
import type { ConversationMemory } from "../../../src/workflow/ports";

function turn(runId: string, question = `Question of ${runId}?`): ConversationTurn {
  return {
    runId,
    at: "2026-11-21T09:00:00.000Z",
    language: "en",
    question,
    standaloneQuestion: question,
    conclusion: `Conclusion of ${runId}.`,
    entities: { suppliers: ["Acme Cloud Software"], contracts: [], categories: [], periods: ["FY2025"], amounts: [] },
  };
}

/** A clock the test moves. */
class TestClock {
  ms = Date.parse("2026-11-21T09:00:00Z");
  readonly now = () => this.ms;
}

/** The behaviour every ConversationMemory must have, whatever stores it. */
function conformance(name: string, open: (policy: AppConfig["memory"], now: () => number) => Promise<ConversationMemory>) {
  describe(`ConversationMemory: ${name}`, () => {
    const policy: AppConfig["memory"] = { ttlMs: 60 * 60_000, budgetTokens: 200 };
    let clock: TestClock;
    let memory: ConversationMemory;
    beforeEach(async () => {
      clock = new TestClock();
      memory = await open(policy, clock.now);
    });
    const key = (suffix: string) => `19:chan@thread.tacv2;messageid=${suffix}-${Math.random()}`;

    it("remembers turns in order, per conversation (a thread id with ; and = is a fine key)", async () => {
      const a = key("a");
      const b = key("b");
      assert.deepEqual(await memory.recall(a), []);
      await memory.remember(a, turn("r1"));
      await memory.remember(a, turn("r2"));
      await memory.remember(b, turn("r3"));
      assert.deepEqual(
        (await memory.recall(a)).map((t) => t.runId),
        ["r1", "r2"],
      );
      assert.deepEqual(
        (await memory.recall(b)).map((t) => t.runId),
        ["r3"],
      );
      assert.deepEqual(await memory.recall(a).then((turns) => turns[0]), turn("r1"), "round-trips the whole turn");
    });

    it("keeps the latest turns within the token budget, and a run delivered twice once", async () => {
      const a = key("budget");
      for (const id of ["r1", "r2", "r3", "r4", "r5", "r5"])
        await memory.remember(a, turn(id, `${id}: ${"how much did we spend ".repeat(3)}?`));
      const kept = (await memory.recall(a)).map((t) => t.runId);
      assert.ok(kept.length >= 1 && kept.length < 5, `trimmed to the budget: ${kept.join(",")}`);
      assert.equal(kept.at(-1), "r5");
      assert.equal(new Set(kept).size, kept.length, "no duplicates");
    });

    it("forgets after the TTL since the latest turn, and at once on forget", async () => {
      const a = key("ttl");
      await memory.remember(a, turn("r1"));
      clock.ms += policy.ttlMs - 1000;
      await memory.remember(a, turn("r2"));
      clock.ms += policy.ttlMs - 1000;
      assert.equal((await memory.recall(a)).length, 2, "each turn restarts the TTL");
      clock.ms += 2000;
      assert.deepEqual(await memory.recall(a), [], "expired");
      await memory.remember(a, turn("r3"));
      assert.deepEqual(
        (await memory.recall(a)).map((t) => t.runId),
        ["r3"],
        "an expired memory starts afresh",
      );
      await memory.forget(a);
      assert.deepEqual(await memory.recall(a), []);
      await memory.forget(a);
    });

    it("loses no turn when two runs of one conversation finish at once", async () => {
      const a = key("race");
      await Promise.all(["r1", "r2", "r3"].map((id) => memory.remember(a, turn(id))));
      assert.deepEqual((await memory.recall(a)).map((t) => t.runId).sort(), ["r1", "r2", "r3"]);
    });
  });
}

let server: EmbeddedCosmos | undefined;
let client: CosmosClient | undefined;
after(async () => {
  client?.dispose();
  await server?.stop();
});

conformance("in process", async (policy, now) => new InMemoryConversationMemory(policy, now));
conformance("Cosmos (embedded server)", async (policy, now) => {
  if (!server) {
    server = await startEmbeddedCosmos();
    client = await createCosmosClient({ endpoint: server.endpoint, key: server.key });
  }
  const { database } = await client!.databases.createIfNotExists({ id: "memory-it" });
  const containers = await ensureContainers(database, 1);
  return new CosmosConversationMemory(containers.conversationMemory, policy, now);
});
