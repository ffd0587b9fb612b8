import assert from "node:assert/strict";
import { DOCUMENT_LINKS, linkedRegistry, runTool } from "./tool-fixture";

describe("searchPolicies", () => {
  it("finds the approval matrix for a Japanese question about approval amounts", async () => {
    const result = await runTool("searchPolicies", { query: "承認 金額", language: "ja" });
    assert.match(result.evidence[0].referenceId, /^POL-APPROVAL-MATRIX §/);
    const ids = result.data.sections.map((s: { referenceId: string }) => s.referenceId);
    assert.ok(ids.includes("POL-APPROVAL-MATRIX §3"), ids.join(", "));
    assert.ok(result.data.sections.every((s: { language: string }) => s.language === "ja"));
    assert.match(result.digest, /POL-APPROVAL-MATRIX §/);
  });

  it("links each section to its policy's document when the policy has one (only that language's)", async () => {
    const english = await linkedRegistry.get("searchPolicies")!.run({ query: "approval threshold CPO", language: "en" });
    assert.equal(english.evidence[0].referenceId, "POL-APPROVAL-MATRIX §3");
    assert.equal(english.evidence[0].url, DOCUMENT_LINKS.policy);
    const japanese = await linkedRegistry.get("searchPolicies")!.run({ query: "承認 金額", language: "ja" });
    assert.ok(japanese.evidence.every((item) => !("url" in item)));
  });

  it("ranks the thresholds section first for an English approval question", async () => {
    const result = await runTool("searchPolicies", { query: "approval threshold CPO", language: "en" });
    assert.equal(result.evidence[0].referenceId, "POL-APPROVAL-MATRIX §3");
    assert.match(result.data.sections[0].text, /¥10,000,000 or more: Chief Procurement Officer/);
  });

  it("quotes the sentence that carries the key figure", async () => {
    const result = await runTool("searchPolicies", { query: "gifts hospitality limit", language: "en" });
    assert.equal(result.evidence[0].referenceId, "POL-ETHICS §2");
    assert.match(result.evidence[0].quote, /¥5,000/);
  });

  it("uses the query's language when none is given, and finds quotes rules in Japanese", async () => {
    const result = await runTool("searchPolicies", { query: "相見積 何社", language: null });
    assert.equal(result.data.language, "ja");
    assert.equal(result.evidence[0].referenceId, "POL-SOURCING §2");
    assert.match(result.evidence[0].quote, /3 社以上/);
  });

  it("falls back to the other language when the chosen one has no match", async () => {
    const result = await runTool("searchPolicies", { query: "反社会的勢力", language: "en" });
    assert.ok(result.evidence.length > 0);
    assert.match(result.evidence[0].referenceId, /^POL-SUPPLIER-RISK §1$/);
  });

  it("says nothing matched (and lists the policies) instead of throwing", async () => {
    const result = await runTool("searchPolicies", { query: "zebra xylophone", language: "en" });
    assert.deepEqual(result.data.sections, []);
    assert.deepEqual(result.evidence, []);
    assert.ok(result.data.availablePolicies.includes("Approval Matrix and Delegation of Authority"));
    assert.match(result.digest, /no policy section matches/);
  });

  it("rejects invalid arguments with the field named", async () => {
    await assert.rejects(runTool("searchPolicies", { query: "", language: "fr" }), /searchPolicies: invalid arguments.*query.*language/);
  });
});
