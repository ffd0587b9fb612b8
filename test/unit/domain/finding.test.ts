import assert from "node:assert/strict";
import { FindingOutputSchema, FindingSchema } from "../../../src/domain";

describe("domain/finding", () => {
  it("a specialist cites records by their handles as plain strings, with a quote apart only where it says something else", () => {
    const written = FindingOutputSchema.parse({
      summary: "The +8% exceeds the 5% cap.",
      details: "",
      evidence: ["E1", "E2"],
      quotes: [{ ref: "E2", source: "supplier", quote: "リスク低、制裁なし" }],
      confidence: 0.9,
    });
    assert.deepEqual(written.evidence, ["E1", "E2"]);
    assert.deepEqual(written.quotes[0], { ref: "E2", source: "supplier", quote: "リスク低、制裁なし" });
    // A citation written as an object (an earlier shape) is not a handle: the repair round asks again.
    assert.equal(FindingOutputSchema.safeParse({ ...written, evidence: [{ referenceId: "CTR-0001" }] }).success, false);
    assert.equal(
      FindingOutputSchema.safeParse({ ...written, quotes: [{ referenceId: "E2", source: "supplier", quote: "x" }] }).success,
      false,
    );
  });

  it("a finding stored before citations became plain strings still loads, with its linked records", () => {
    const stored = {
      specialist: "contract",
      status: "ok",
      summary: "CTR-0012 caps yearly increases at 5%",
      details: "Clause 7.2",
      evidence: [
        {
          source: "contract",
          referenceId: "CTR-0012",
          quote: "increase shall not exceed 5%",
          url: "https://contoso.sharepoint.com/c/CTR-0012",
        },
      ],
      confidence: 0.9,
      toolCalls: [],
    };
    const finding = FindingSchema.parse(stored);
    assert.equal(finding.status, "ok");
    if (finding.status !== "ok") throw new Error("unreachable");
    assert.deepEqual(finding.evidence, stored.evidence);
    assert.ok(!("quotes" in finding), "a stored finding keeps its quotes inside its evidence");
  });
});
