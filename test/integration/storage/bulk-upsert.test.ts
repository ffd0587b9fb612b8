import assert from "node:assert/strict";
import type { Container } from "@azure/cosmos";
import { STORE_CALL_RETRY } from "../../../src/resilience";
import { bulkDelete, bulkUpsert } from "../../../src/storage/bulk-upsert";
import { startProxiedCosmos, type ProxiedCosmos } from "../../fakes/proxied-cosmos";

describe("bulkUpsert and bulkDelete against the embedded Cosmos server behind a proxy", function () {
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

  // A test that exhausts the retry policy leaves busy answers behind; each test starts with none, on an empty container.
  beforeEach(async () => {
    cosmos.proxy.fail(isBatch, 503, 0);
    const { resources } = await container.items.query<{ id: string; supplierId: string }>("SELECT c.id, c.supplierId FROM c").fetchAll();
    for (const row of resources) await container.item(row.id, row.supplierId).delete();
  });

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

  it("sends again only the deletes of a batch the service answered as busy, and removes every document", async () => {
    await bulkUpsert(container, rows, "supplierId");
    cosmos.proxy.fail(isBatch, 503, 1);
    const batches = await cosmos.proxy.during(() => bulkDelete(container, rows, "supplierId"));
    const { resources } = await container.items.query("SELECT c.id FROM c").fetchAll();
    assert.deepEqual(resources, []);
    assert.equal(batches.filter(isBatch).length, Math.ceil(rows.length / 100) + 1);
  });

  it("counts a document already gone as deleted", async () => {
    await bulkUpsert(container, rows.slice(0, 3), "supplierId");
    await bulkDelete(container, rows.slice(0, 6), "supplierId");
    const { resources } = await container.items.query("SELECT c.id FROM c").fetchAll();
    assert.deepEqual(resources, []);
  });

  it("fails a delete with the count and the status when the service stays busy, instead of reporting rows removed", async () => {
    await bulkUpsert(container, rows.slice(0, 10), "supplierId");
    cosmos.proxy.fail(isBatch, 503, 100);
    await cosmos.proxy.during(() =>
      assert.rejects(
        bulkDelete(container, rows.slice(0, 10), "supplierId"),
        /bulk delete from rows: 10 of 10 documents failed \(first: 503/,
      ),
    );
    cosmos.proxy.fail(isBatch, 503, 0);
    const { resources } = await container.items.query("SELECT c.id FROM c").fetchAll();
    assert.equal(resources.length, 10, "nothing was deleted, and the caller was told");
  });
});
