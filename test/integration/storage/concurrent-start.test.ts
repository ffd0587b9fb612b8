import assert from "node:assert/strict";
import { testConfig } from "../../fakes/test-config";
import { openCosmosStore } from "../../../src/storage";
import { startEmbeddedCosmos, type EmbeddedCosmos } from "../../../src/storage/embedded-server";
import { finishedRun } from "./run-state-fixture";

describe("instances starting at the same moment on a fresh database", function () {
  this.timeout(60_000);
  let cosmos: EmbeddedCosmos;
  before(async () => (cosmos = await startEmbeddedCosmos()));
  after(() => cosmos.stop());

  it("all come up: a conflict creating the database or a container means another instance created it", async () => {
    const config = testConfig({
      NODE_ENV: "test",
      COSMOS_ENDPOINT: cosmos.endpoint,
      COSMOS_KEY: cosmos.key,
      COSMOS_DATABASE: "fresh",
      RUN_QUEUE_CONNECTION_STRING: "unused",
    });
    const stores = await Promise.all([1, 2, 3].map(() => openCosmosStore(config, { log: () => undefined })));
    try {
      for (const store of stores) assert.equal((await store.health()).ok, true);
      await stores[0].runs.checkpoint(finishedRun({ runId: "run-shared" }));
      assert.equal((await stores[2].runs.load("run-shared"))?.runId, "run-shared", "they share one database");
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
  });
});
