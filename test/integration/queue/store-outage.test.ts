import assert from "node:assert/strict";
import { startQueuedRuns } from "../../../bench/queued-runs";
import { startFaultSimulator } from "../../../bench/chaos/graph-faults";
import { TcpProxy } from "../../../bench/chaos/tcp-proxy";
import { testConfig } from "../../fakes/test-config";
import { createOpenAiCompatibleChatModel } from "../../../src/llm/openai-chat-model";
import { sharedEmbeddedAzurite } from "../../../src/queue/embedded-azurite";
import { openCosmosStore } from "../../../src/storage";
import { startEmbeddedCosmos } from "../../../src/storage/embedded-server";
import { workflowHarness } from "../../fakes/workflow-harness";

describe("run queue: the store briefly unreachable when a worker takes a question (embedded Cosmos behind a proxy, Azurite)", function () {
  this.timeout(60_000);

  it("the run waits with back-off under its lease, spends no delivery, and answers once the store is back", async () => {
    const { sim, baseUrl } = await startFaultSimulator();
    const cosmos = await startEmbeddedCosmos();
    const proxy = new TcpProxy({ host: "127.0.0.1", port: Number(new URL(cosmos.endpoint).port) });
    const store = await openCosmosStore(
      testConfig({ NODE_ENV: "test", COSMOS_ENDPOINT: `http://127.0.0.1:${await proxy.start()}`, COSMOS_KEY: cosmos.key }),
      { log: () => {} },
    );
    const log: string[] = [];
    const model = createOpenAiCompatibleChatModel({ baseUrl, retry: { maxRetries: 3, initialMs: 20, multiplier: 2, maxMs: 200 } });
    const runs = await startQueuedRuns(
      (await sharedEmbeddedAzurite()).connectionString,
      { ...workflowHarness(model).deps, store: store.runs },
      (line) => log.push(line),
    );
    try {
      proxy.outage(12_000);
      const shown = await runs.run("What is the risk rating of our logistics vendor?");
      assert.equal(shown.status, "answered", "the user got the answer, not an error");
      assert.ok(
        log.some((line) => /trying again in \d+ ms/.test(line)),
        `the worker waited for the store: ${log.join("\n")}`,
      );
      const stored = (await store.runs.read(shown.runId))?.value;
      assert.equal(stored?.state.status, "answered");
      assert.equal(stored?.lifecycle.owners, 1, "one worker, no takeover");
      assert.match(stored?.lifecycle.owner ?? "", /#1$/, "still its first delivery");
    } finally {
      await runs.stop();
      await store.close();
      await proxy.stop();
      await cosmos.stop();
      await sim.stop();
    }
  });
});
