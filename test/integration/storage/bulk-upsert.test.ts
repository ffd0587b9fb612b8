import assert from "node:assert/strict";
import type { Container } from "@azure/cosmos";
import { STORE_CALL_RETRY } from "../../../src/resilience";
import { bulkUpsert } from "../../../src/storage/bulk-upsert";
import { startProxiedCosmos, type ProxiedCosmos } from "../../fakes/proxied-cosmos";

describe("bulkUpsert against the embedded Cosmos server behind a proxy", function () {
  this.timeout(60_000);
  let cosmos: ProxiedCosmos;
  let container: Container;
  const rows = Array.from({ length: 450 }, (_, i) => ({ id: `row-${i}`, supplierId: `S-${i % 7}`, amount: i }));
  const isBatch = (request: { method: string; path: string }) => request.method === "POST" && request.path.endsWith("/colls/rows/docs");

  before(async () => {
    cosmos = await startProxiedCosmos();
    const { database } = await cosmos.client.databases.createIfNotExists({ id: "bulk" });
    ({ container } = await database.containers.createIfNotExists({ id: "rows", partitionKey: { paths: ["/supplierId"] } }));
  });

  after(() => cosmos.stop());

  it("sends again only the operations of a batch the service answered as busy, and stores every document", async () => {
    cosmos.proxy.fail(isBatch, 503, 1);
    const batches = await cosmos.proxy.during(() => bulkUpsert(container, rows, "supplierId"));
    const { resources } = await container.items.query<{ id: string; amount: number }>("SELECT c.id, c.amount FROM c").fetchAll();
    assert.equal(resources.length, rows.length);
    assert.equal(
      resources.reduce((sum, row) => sum + row.amount, 0),
      rows.reduce((sum, row) => sum + row.amount, 0),
    );
    // 450 operations go in batches of at most 100: one more batch than without the busy answer.
    assert.equal(batches.filter(isBatch).length, Math.ceil(rows.length / 100) + 1);
  });

  it("fails with the count and the status when the service stays busy past the retry policy", async () => {
    cosmos.proxy.fail(isBatch, 503, 100);
    const batches = await cosmos.proxy.during(() =>
      assert.rejects(
        bulkUpsert(container, rows.slice(0, 10), "supplierId"),
        /bulk upsert into rows: 10 of 10 documents failed \(first: 503/,
      ),
    );
    // The SDK does not retry a busy batch itself: the first try and the policy's retries.
    assert.equal(batches.filter(isBatch).length, STORE_CALL_RETRY.maxRetries + 1);
  });
});
