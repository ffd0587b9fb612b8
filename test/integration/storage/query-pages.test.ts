import assert from "node:assert/strict";
import type { Container } from "@azure/cosmos";
import { z } from "zod";
import { queryPages } from "../../../src/storage/documents";
import { startProxiedCosmos, type ProxiedCosmos } from "../../fakes/proxied-cosmos";
import type { RecordedRequest } from "../../fakes/recording-http-proxy";

describe("queryPages against the embedded Cosmos server behind a proxy", function () {
  this.timeout(60_000);
  let cosmos: ProxiedCosmos;
  let container: Container;
  const isQuery = (request: RecordedRequest) => request.method === "POST" && request.path.endsWith("/colls/items/docs");

  before(async () => {
    cosmos = await startProxiedCosmos();
    const { database } = await cosmos.client.databases.createIfNotExists({ id: "pages" });
    ({ container } = await database.containers.createIfNotExists({ id: "items", partitionKey: { paths: ["/group"] } }));
    for (let i = 0; i < 25; i++) await container.items.upsert({ id: `item-${i}`, group: `g-${i % 4}` });
  });

  after(() => cosmos.stop());

  /** Reads every id in pages of 10 through the proxy, and checks that each of the 25 came once, in pages of at most 10. */
  async function readAllInPagesOfTen(): Promise<void> {
    const pages: string[][] = [];
    const requests = await cosmos.proxy.during(async () => {
      for await (const page of queryPages(container, { query: "SELECT c.id FROM c" }, z.object({ id: z.string() }), { pageSize: 10 }))
        pages.push(page.map((item) => item.id));
    });
    assert.deepEqual(
      pages.map((page) => page.length),
      [10, 10, 5],
    );
    assert.equal(new Set(pages.flat()).size, 25);
    assert.ok(requests.filter(isQuery).every((request) => request.maxItemCount === 10));
  }

  it("reads every document once, in pages of at most the page size", async () => {
    await readAllInPagesOfTen();
  });

  it("reads every document once when the service answers a page as busy", async () => {
    let answered = 0;
    cosmos.proxy.fail((request) => isQuery(request) && ++answered === 2, 503, 1);
    await readAllInPagesOfTen();
    assert.ok(answered >= 2, "the second query request was answered as busy");
  });
});
