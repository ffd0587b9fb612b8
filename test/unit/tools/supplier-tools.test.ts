import assert from "node:assert/strict";
import { registry, runTool } from "./tool-fixture";

describe("getSupplierProfile", () => {
  it("profiles Acme from its Japanese alias, with contracts and last fiscal year's spend", async () => {
    const result = await runTool("getSupplierProfile", { name: "アクメ" });
    assert.equal(result.data.id, "SUP-001");
    assert.equal(result.data.sanctionsFlag, false);
    assert.ok(result.data.certifications.includes("SOC 2 Type II"));
    assert.equal(result.data.spend.lastFiscalYear, "FY2025");
    assert.ok(result.data.spend.lastFiscalYearJpy > 0);
    assert.ok(result.data.contracts.list.some((c: { id: string }) => c.id === "CTR-0001"));
    assert.match(result.evidence[0].quote, /low risk, sanctions clear/);
  });

  it("puts the sanctions flag first for a flagged supplier, even when misspelt", async () => {
    const result = await runTool("getSupplierProfile", { name: "Golden Cresent" });
    assert.equal(result.data.sanctionsFlag, true);
    assert.match(result.evidence[0].quote, /^SANCTIONS FLAG/);
    assert.match(result.digest, /sanctions FLAGGED/);
  });

  it("returns suggestions when no supplier matches", async () => {
    const result = await runTool("getSupplierProfile", { name: "Nimbus Workflw" });
    assert.equal(result.data.id, "SUP-002");
    const none = await runTool("getSupplierProfile", { name: "Qwerty Holdings" });
    assert.equal(none.data.supplier, null);
    assert.deepEqual(none.evidence, []);
  });
});

describe("listSuppliers", () => {
  it("lists a category with preferred suppliers first and sanctioned ones flagged", async () => {
    const result = await runTool("listSuppliers", { category: "electronic components", region: null });
    assert.equal(result.data.category, "electronic-components");
    assert.equal(result.data.suppliers[0].preferred, true);
    const flagged = result.data.suppliers.filter((s: { sanctionsFlag: boolean }) => s.sanctionsFlag);
    assert.deepEqual(
      flagged.map((s: { id: string }) => s.id),
      ["SUP-043"],
    );
    assert.ok(result.evidence.some((e) => e.referenceId === "SUP-043" && e.quote.includes("SANCTIONS FLAG")));
  });

  it("filters by region words in English and Japanese", async () => {
    const japan = await runTool("listSuppliers", { category: "物流", region: "日本" });
    assert.deepEqual(
      japan.data.suppliers.map((s: { region: string }) => s.region),
      ["JP", "JP"],
    );
    const europe = await runTool("listSuppliers", { category: null, region: "Europe" });
    assert.ok(europe.data.count >= 8 && europe.data.suppliers.every((s: { region: string }) => s.region === "EU"));
  });

  it("suggests categories for an unknown one", async () => {
    const result = await runTool("listSuppliers", { category: "aerospace", region: null });
    assert.deepEqual(result.data.suppliers, []);
    assert.ok(result.data.suggestions.includes("packaging"));
  });
});

describe("getPriceBenchmarks", () => {
  it("gives the SaaS benchmark with the typical annual increase", async () => {
    const result = await runTool("getPriceBenchmarks", { category: "SaaS" });
    assert.equal(result.data.benchmarks.length, 1);
    assert.equal(result.data.benchmarks[0].typicalAnnualIncreasePct, 3.5);
    assert.equal(result.evidence[0].referenceId, "BENCHMARK saas");
    assert.match(result.evidence[0].quote, /median ¥2,100 per user per month.*typical annual increase 3.5%/);
  });

  it("lists every category for null, and suggests categories for an unknown one", async () => {
    const all = await runTool("getPriceBenchmarks", { category: null });
    assert.ok(all.data.benchmarks.length >= 12);
    const unknown = await runTool("getPriceBenchmarks", { category: "aerospace" });
    assert.deepEqual(unknown.data.benchmarks, []);
    assert.ok(unknown.data.suggestions.includes("saas"));
  });
});

describe("createToolRegistry", () => {
  it("registers the six tools with strict-mode friendly parameters (every property required)", () => {
    assert.deepEqual(
      registry.list().map((t) => t.name),
      ["searchPolicies", "searchContracts", "querySpend", "getSupplierProfile", "listSuppliers", "getPriceBenchmarks"],
    );
    for (const tool of registry.list()) {
      const shape = (tool.parameters as unknown as { shape: Record<string, { isOptional(): boolean }> }).shape;
      for (const [key, field] of Object.entries(shape)) assert.equal(field.isOptional(), false, `${tool.name}.${key}`);
    }
  });
});
