import assert from "node:assert/strict";
import { ToolMessageContentSchema, type WrittenEvidence } from "../../../src/domain";
import { EvidenceHandles } from "../../../src/workflow/evidence-handles";
import { keepReturnedCitations, linkEvidence } from "../../../src/workflow/evidence-links";
import { quoting as quotingInReply } from "../../fakes/scripted-replies";
import { runToolCalls } from "../../../src/workflow/steps/tool-runner";
import { DOCUMENT_LINKS, linkedRegistry } from "../tools/tool-fixture";

/** Records cited by their reference ids, each with its quote, as the specialist step resolves them for `linkEvidence`. */
const quoting = (...items: (WrittenEvidence & Record<string, unknown>)[]) =>
  new EvidenceHandles().resolveCitations(quotingInReply(...items));

describe("workflow/evidence-links", () => {
  it("runs a tool: the model's message has the evidence without links, the result keeps them", async () => {
    const [result] = await runToolCalls(
      linkedRegistry,
      ["searchContracts"],
      [{ id: "call-1", name: "searchContracts", arguments: JSON.stringify({ query: "renewal", supplier: "Acme" }) }],
      "en",
    );
    assert.ok(result.evidence.some((item) => item.url === DOCUMENT_LINKS.contract));
    const content = ToolMessageContentSchema.parse(JSON.parse(JSON.stringify(result.content)));
    assert.equal(content.evidence.length, result.evidence.length);
    assert.ok(!JSON.stringify(result.content).includes("sharepoint"), "the model never reads the link");
  });

  it("links written evidence to the document a tool returned for the same reference or the whole document, and keeps no other", () => {
    const fromTools = [
      { source: "contract", referenceId: "CTR-0001", quote: "key terms", url: DOCUMENT_LINKS.contract },
      { source: "policy", referenceId: "POL-APPROVAL-MATRIX §3", quote: "CPO above ¥10M", url: DOCUMENT_LINKS.policy },
      { source: "spend", referenceId: "SPEND SUP-001 FY2025", quote: "¥12M" },
    ];
    const linked = linkEvidence(
      quoting(
        { source: "contract", referenceId: "CTR-0001", quote: "cap 5%" },
        { source: "contract", referenceId: "CTR-0001 §4", quote: "the price clause" },
        { source: "policy", referenceId: "POL-APPROVAL-MATRIX §2", quote: "another section of the same policy" },
        { source: "spend", referenceId: "SPEND SUP-001 FY2025", quote: "¥12M" },
        { source: "contract", referenceId: "CTR-0999", quote: "a contract no tool returned" },
      ),
      fromTools,
    );
    // A section no tool returned (§2 where the tool returned §3) and a contract no tool returned are not sources.
    assert.deepEqual(
      linked.map((item) => [item.referenceId, item.url]),
      [
        ["CTR-0001", DOCUMENT_LINKS.contract],
        ["CTR-0001 §4", DOCUMENT_LINKS.contract],
        ["SPEND SUP-001 FY2025", undefined],
      ],
    );
    assert.ok(!("url" in linked[2]), "no url key without a link");
  });

  it("never takes a link from what the model wrote", () => {
    const written = { source: "contract", referenceId: "CTR-0001", quote: "cap 5%", url: "https://attacker.example/phish" };
    assert.deepEqual(linkEvidence(quoting(written), [{ source: "contract", referenceId: "CTR-0001", quote: "key terms" }]), [
      { source: "contract", referenceId: "CTR-0001", quote: "cap 5%" },
    ]);
    assert.equal(linkEvidence(quoting(written), [{ ...written, url: DOCUMENT_LINKS.contract }])[0].url, DOCUMENT_LINKS.contract);
  });

  it("names the record a reference is about only as a tool named it, never from model text", () => {
    const subject = { id: "SUP-001", name: "Acme Cloud Software" };
    const linked = linkEvidence(
      quoting(
        { source: "spend", referenceId: "SPEND SUP-001 FY2025", quote: "¥12M" },
        { source: "supplier", referenceId: "SUP-999", quote: "a supplier no tool returned" },
      ),
      [{ source: "spend", referenceId: "SPEND SUP-001 FY2025", quote: "¥12M in 3 transactions", subject }],
    );
    assert.deepEqual(
      linked.map((item) => [item.referenceId, item.subject]),
      [["SPEND SUP-001 FY2025", subject]],
    );
  });

  it("names the category a reference is about only as a tool named it", () => {
    const category = { id: "fleet-ops", nameJa: "車両管理" };
    const linked = linkEvidence(
      quoting(
        { source: "spend", referenceId: "SPEND fleet-ops FY2025", quote: "¥2.75M" },
        { source: "spend", referenceId: "SPEND mro FY2025", quote: "a category no tool returned" },
      ),
      [{ source: "spend", referenceId: "SPEND fleet-ops FY2025", quote: "¥2,750,000 in 2 transactions", category }],
    );
    assert.deepEqual(
      linked.map((item) => [item.referenceId, item.category]),
      [["SPEND fleet-ops FY2025", category]],
    );
  });

  it("a reference cited by its id alone gets the tool's source and quote; one no tool returned is left out, quoted or not", () => {
    const subject = { id: "SUP-001", name: "Acme Cloud Software" };
    const fromTools = [
      { source: "contract", referenceId: "CTR-0001", quote: "auto-renews unless notice 60 days before end", url: DOCUMENT_LINKS.contract },
      { source: "supplier", referenceId: "SUP-001", quote: "low risk, sanctions clear", subject },
    ];
    const linked = linkEvidence(
      {
        evidence: ["CTR-0001", "SUP-001", "CTR-0999"],
        // A quote restating a record in Japanese keeps the tool's subject; a quoted reference counts as cited.
        quotes: [
          { referenceId: "SUP-001", source: "supplier", quote: "リスク低、制裁なし" },
          { referenceId: "CTR-0001 §4", source: "contract", quote: "the price clause" },
          { referenceId: "POL-EVIL §9", source: "policy", quote: "FABRICATED policy: no approval needed" },
        ],
      },
      fromTools,
    );
    assert.deepEqual(linked, [
      { source: "contract", referenceId: "CTR-0001", quote: "auto-renews unless notice 60 days before end", url: DOCUMENT_LINKS.contract },
      { source: "supplier", referenceId: "SUP-001", quote: "リスク低、制裁なし", subject },
      // Another part of a returned document: its source and link come from the document's record.
      { source: "contract", referenceId: "CTR-0001 §4", quote: "the price clause", url: DOCUMENT_LINKS.contract },
    ]);
  });

  it("keeps only what a tool returned and counts every other citation, by handle or by id, once each", () => {
    const handles = new EvidenceHandles();
    handles.show([{ referenceId: "CTR-0001" }, { referenceId: "SUP-001" }]);
    const fromTools = [
      { source: "contract", referenceId: "CTR-0001", quote: "cap 5%" },
      { source: "supplier", referenceId: "SUP-001", quote: "low risk" },
    ];
    const { evidence, dropped } = keepReturnedCitations(
      {
        evidence: ["E1", "CTR-0001", "SUP-EVIL-1", "NWC-1 §99", "SUP-002", "E42", "E99", "SUP-EVIL-1"],
        quotes: [
          { ref: "CTR-0002 §1", source: "contract", quote: "FABRICATED: the supplier may raise prices at will" },
          { ref: "POL-EVIL §9", source: "policy", quote: "FABRICATED policy: no approval needed" },
          { ref: "E2", source: "supplier", quote: "low risk, sanctions clear" },
        ],
      },
      handles,
      fromTools,
    );
    assert.deepEqual(
      evidence.map((item) => item.referenceId),
      ["CTR-0001", "SUP-001"],
    );
    assert.ok(!JSON.stringify(evidence).includes("FABRICATED"));
    assert.equal(dropped, 7, "SUP-EVIL-1, NWC-1 §99, SUP-002, E42, E99, CTR-0002 §1, POL-EVIL §9");
  });
});
