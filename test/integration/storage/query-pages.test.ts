import assert from "node:assert/strict";
import type { Container, CosmosClient } from "@azure/cosmos";
import { z } from "zod";
import { createCosmosClient } from "../../../src/storage/cosmos-client";
import { queryPages } from "../../../src/storage/documents";
import { startEmbeddedCosmos, type EmbeddedCosmos } from "../../../src/storage/embedded-server";
import { RecordingHttpProxy, type RecordedRequest } from "../../fakes/recording-http-proxy";

describe("queryPages against the embedded Cosmos server behind a proxy", function () {
  this.timeout(60_000);
  let server: EmbeddedCosmos;
  let proxy: RecordingHttpProxy;
  let client: CosmosClient;
  let container: Container;
  const isQuery = (request: RecordedRequest) => request.method === "POST" && request.path.endsWith("/colls/items/docs");

  before(async () => {
    server = await startEmbeddedCosmos();
    proxy = new RecordingHttpProxy(Number(new URL(server.endpoint).port));
    client = await createCosmosClient({ endpoint: await proxy.start(), key: server.key });
    const { database } = await client.databases.createIfNotExists({ id: "pages" });
    ({ container } = await database.containers.createIfNotExists({ id: "items", partitionKey: { paths: ["/group"] } }));
    for (let i = 0; i < 25; i++) await container.items.upsert({ id: `item-${i}`, group: `g-${i % 4}` });
  });

  after(async () => {
    client.dispose();
    await proxy.stop();
    await server.stop();
  });

  async function readAll(pageSize: number) {
    const pages: string[][] = [];
    for await (const page of queryPages(container, { query: "SELECT c.id FROM c" }, z.object({ id: z.string() }), { pageSize }))
      pages.push(page.map((item) => item.id));
    return pages;
  }

  it("reads every document once, in pages of at most the page size", async () => {
    let pages: string[][] = [];
    const requests = await proxy.during(async () => (pages = await readAll(10)));
    assert.deepEqual(
      pages.map((page) => page.length),
      [10, 10, 5],
    );
    assert.equal(new Set(pages.flat()).size, 25);
    assert.ok(requests.filter(isQuery).every((request) => request.maxItemCount === 10));
  });

  it("reads every document once when the service answers a page as busy", async () => {
    let answered = 0;
    proxy.fail((request) => isQuery(request) && ++answered === 2, 503, 1);
    let pages: string[][] = [];
    const requests = await proxy.during(async () => (pages = await readAll(10)));
    assert.deepEqual(
      pages.map((page) => page.length),
      [10, 10, 5],
    );
    assert.equal(new Set(pages.flat()).size, 25);
    assert.ok(answered >= 2, "the second query request was answered as busy");
    assert.ok(requests.filter(isQuery).every((request) => request.maxItemCount === 10));
  });
});
