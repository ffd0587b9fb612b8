import assert from "node:assert/strict";
import { DOCUMENT_LINKS, linkedRegistry, runTool } from "./tool-fixture";

describe("searchContracts", () => {
  it("returns the Acme SaaS contract with its 5% cap and renewal clause for ('renewal', 'Acme')", async () => {
    const result = await runTool("searchContracts", { query: "renewal", supplier: "Acme" });
    const [first] = result.data.contracts;
    assert.equal(first.id, "CTR-0001");
    assert.equal(first.supplierName, "Acme Cloud Software");
    assert.equal(first.priceCapPct, 5);
    assert.equal(first.endDate, "2027-01-31");
    assert.equal(first.noticeDeadline, "2026-12-02");
    assert.equal(first.daysToEnd, 71);
    assert.deepEqual(
      first.clauses.map((c: { kind: string }) => c.kind),
      ["renewal"],
    );
    assert.equal(result.evidence[0].referenceId, "CTR-0001");
    assert.match(result.evidence[0].quote, /price increase cap 5% per year/);
    assert.match(result.digest, /CTR-0001 Acme Cloud Software \(expiring, ends 2027-01-31, cap 5%\)/);
  });

  it("gives every evidence item of a contract with a document its link, and none to a contract without", async () => {
    const result = await linkedRegistry.get("searchContracts")!.run({ query: "renewal price cap", supplier: "Acme" });
    const acme = result.evidence.filter((item) => item.referenceId === "CTR-0001");
    assert.ok(acme.length >= 2, "key terms and clauses");
    assert.ok(acme.every((item) => item.url === DOCUMENT_LINKS.contract));
    assert.ok(result.evidence.filter((item) => item.referenceId !== "CTR-0001").every((item) => !("url" in item)));
    const unlinked = await runTool("searchContracts", { query: "renewal", supplier: "Acme" });
    assert.ok(unlinked.evidence.every((item) => !("url" in item)));
  });

  it("finds the supplier named in the question and returns the price clause for a +8% question", async () => {
    const result = await runTool("searchContracts", { query: "Can we renew the Acme SaaS contract at +8%?", supplier: null });
    assert.equal(result.data.supplier, "Acme Cloud Software");
    const [first] = result.data.contracts;
    assert.equal(first.id, "CTR-0001");
    const price = first.clauses.find((c: { kind: string }) => c.kind === "price_adjustment");
    assert.match(price.text, /shall not increase by more than 5%/);
    assert.ok(result.evidence.some((e) => e.referenceId === "CTR-0001" && /price adjustment clause: .*5%/.test(e.quote)));
  });

  it("resolves Japanese aliases, in the supplier argument and in the query", async () => {
    const byArgument = await runTool("searchContracts", { query: "更新", supplier: "アクメ" });
    const byQuery = await runTool("searchContracts", { query: "アクメ 更新", supplier: null });
    assert.equal(byArgument.data.contracts[0].id, "CTR-0001");
    assert.equal(byQuery.data.contracts[0].id, "CTR-0001");
    assert.deepEqual(
      byArgument.data.contracts[0].clauses.map((c: { kind: string }) => c.kind),
      ["renewal"],
    );
  });

  it("searches clause texts across suppliers when none is named", async () => {
    const result = await runTool("searchContracts", { query: "conflict minerals end-of-life last-time buy", supplier: null });
    assert.ok(result.data.contracts.length > 0);
    assert.ok(result.data.contracts.every((c: { category: string }) => c.category === "electronic-components"));
    assert.ok(result.data.totalMatches < 20, `${result.data.totalMatches} matches is not a ranking`);
  });

  it("suggests close names for an unknown supplier instead of throwing", async () => {
    const result = await runTool("searchContracts", { query: "renewal", supplier: "Acme Clowd Softwere" });
    assert.equal(result.data.contracts[0]?.id, "CTR-0001", "a misspelling still resolves");
    const unknown = await runTool("searchContracts", { query: "renewal", supplier: "Zeta Robotics" });
    assert.deepEqual(unknown.data.contracts, []);
    assert.deepEqual(unknown.evidence, []);
    assert.match(unknown.digest, /No supplier named "Zeta Robotics" is in the data\./);
  });
});
