import assert from "node:assert/strict";
import type { Finding, ToolMessageContent } from "../../../src/domain";
import { EvidenceHandles } from "../../../src/workflow/evidence-handles";

const contract = { source: "contract", referenceId: "CTR-0001", quote: "cap 5% per year" };
const clause = { source: "contract", referenceId: "CTR-0001", quote: "renews automatically" };
const supplier = { source: "supplier", referenceId: "SUP-001", quote: "low risk" };
const spend = { source: "spend", referenceId: "SPEND SUP-001 saas FY2024→FY2025", quote: "+12%" };

function finding(specialist: string, evidence: { source: string; referenceId: string; quote: string }[]): Finding {
  return { specialist, status: "ok", summary: "s", details: "", evidence, confidence: 0.8, toolCalls: [] };
}

describe("workflow/evidence-handles", () => {
  it("numbers each distinct reference once, in the order the conversation first shows it, across tool messages and findings", () => {
    const handles = new EvidenceHandles();
    const tool: ToolMessageContent = { tool: "searchContracts", ok: true, digest: "2 contracts", evidence: [contract, clause, supplier] };
    assert.deepEqual(
      handles.showToolContent(tool).evidence.map((e) => [e.ref, e.referenceId]),
      [
        ["E1", "CTR-0001"],
        ["E1", "CTR-0001"],
        ["E2", "SUP-001"],
      ],
    );
    const [shown] = handles.showFindings([finding("spend", [spend, supplier])]);
    assert.ok(shown.status === "ok");
    assert.deepEqual(
      shown.evidence.map((e) => [e.ref, e.referenceId]),
      [
        ["E3", spend.referenceId],
        ["E2", "SUP-001"],
      ],
    );
    // The record itself is shown whole beside its handle.
    assert.deepEqual(shown.evidence[0], { ref: "E3", ...spend });
  });

  it("renders the same handles for the same conversation (a step re-run on another instance)", () => {
    const render = () => {
      const handles = new EvidenceHandles();
      return JSON.stringify([handles.showFindings([finding("contract", [contract, supplier])]), handles.show([spend, contract])]);
    };
    assert.equal(render(), render());
  });

  it("leaves a failed finding as it is: it cites nothing", () => {
    const failed: Finding = { specialist: "spend", status: "failed", error: "timed out", toolCalls: [] };
    assert.deepEqual(new EvidenceHandles().showFindings([failed]), [failed]);
  });

  it("resolves a shown handle to its reference, drops a handle never shown, and takes any other string as a reference id written out", () => {
    const handles = new EvidenceHandles();
    handles.show([contract, supplier]);
    assert.equal(handles.resolve("E2"), "SUP-001");
    assert.equal(handles.resolve(" E1 "), "CTR-0001");
    assert.equal(handles.resolve("E3"), undefined);
    assert.equal(handles.resolve("CTR-0001"), "CTR-0001");
    assert.equal(handles.resolve("CTR-0999"), "CTR-0999");
  });

  it("resolves a specialist's citations for linking: evidence and quotes by handle, unknown handles dropped, literal ids kept", () => {
    const handles = new EvidenceHandles();
    handles.show([contract, supplier, spend]);
    assert.deepEqual(
      handles.resolveCitations({
        evidence: ["E3", "E1", "E9", "SUP-001"],
        quotes: [
          { ref: "E2", source: "supplier", quote: "リスク低" },
          { ref: "E7", source: "contract", quote: "a handle never shown" },
        ],
      }),
      {
        evidence: [spend.referenceId, "CTR-0001", "SUP-001"],
        quotes: [{ source: "supplier", referenceId: "SUP-001", quote: "リスク低" }],
      },
    );
  });

  it("resolves citations to shown records only, once each: what the Moderator may cite", () => {
    const handles = new EvidenceHandles();
    handles.show([contract, supplier]);
    assert.deepEqual(handles.resolveShown(["E2", "CTR-0001", "E1", "E5", "CTR-0999"]), ["SUP-001", "CTR-0001"]);
  });
});
