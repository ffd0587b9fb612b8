import assert from "node:assert/strict";
import { citationMarkers, citationsFromAnswer } from "../../../src/cards/citations";
import type { AnswerBodyView } from "../../../src/cards/view-models";

const finding = (
  specialist: string,
  evidence: { source: string; referenceId: string; quote: string; url?: string; subject?: { id: string; name: string } }[],
) => ({
  specialist,
  name: specialist,
  headline: "",
  summary: "",
  details: "",
  evidence,
  confidence: 0.8,
});

const body: Pick<AnswerBodyView, "rationale" | "findings"> = {
  rationale: [
    { point: "The increase exceeds the cap.", citations: ["CTR-0001 §4", "POL-PRICE §2"] },
    { point: "Spend grew 12%.", citations: ["SPEND-ACME-FY2025", "CTR-0001 §4"] },
    { point: "A point the model cited without evidence.", citations: ["UNKNOWN-1"] },
  ],
  findings: [
    finding("contract", [{ source: "contract", referenceId: "CTR-0001 §4", quote: "Price adjustments are capped at 5% per year." }]),
    finding("knowledge", [{ source: "policy", referenceId: "POL-PRICE §2", quote: "Increases above the cap need the CPO." }]),
    finding("spend", [{ source: "spend", referenceId: "SPEND-ACME-FY2025", quote: "¥12,500,000 in FY2025" }]),
  ],
};

describe("cards/citations", () => {
  it("numbers references in order of first use, once each, with their evidence", () => {
    const citations = citationsFromAnswer(body, "en");
    assert.deepEqual(
      citations.map((c) => [c.position, c.referenceId, c.title, c.quote]),
      [
        [1, "CTR-0001 §4", "Contract CTR-0001 §4", "Price adjustments are capped at 5% per year."],
        [2, "POL-PRICE §2", "Policy POL-PRICE §2", "Increases above the cap need the CPO."],
        [3, "SPEND-ACME-FY2025", "Spend SPEND-ACME-FY2025", "¥12,500,000 in FY2025"],
        [4, "UNKNOWN-1", "UNKNOWN-1", ""],
      ],
    );
  });

  it("carries the link of the cited record's document from whichever evidence item has it, and none without one", () => {
    const url = "https://contoso.sharepoint.com/sites/Procurement/Contracts/CTR-0001.pdf";
    const linked = {
      ...body,
      findings: [
        ...body.findings,
        finding("negotiation", [{ source: "contract", referenceId: "CTR-0001 §4", quote: "Capped at 5%.", url }]),
      ],
    };
    assert.deepEqual(
      citationsFromAnswer(linked, "en").map((c) => [c.referenceId, c.quote, c.url]),
      [
        ["CTR-0001 §4", "Price adjustments are capped at 5% per year.", url],
        ["POL-PRICE §2", "Increases above the cap need the CPO.", undefined],
        ["SPEND-ACME-FY2025", "¥12,500,000 in FY2025", undefined],
        ["UNKNOWN-1", "", undefined],
      ],
    );
    assert.ok(!("url" in citationsFromAnswer(body, "en")[0]), "no url key without a link");
  });

  it("names the kind of source in the answer's language", () => {
    assert.deepEqual(
      citationsFromAnswer(body, "ja")
        .slice(0, 3)
        .map((c) => c.title),
      ["契約 CTR-0001 §4", "規程 POL-PRICE §2", "支出 SPEND-ACME-FY2025"],
    );
    assert.deepEqual(
      citationsFromAnswer(body, "ja").map((c) => c.sourceName),
      ["契約", "規程", "支出", ""],
    );
  });

  it("writes a point's markers with the numbers of the sources list", () => {
    const citations = citationsFromAnswer(body, "en");
    assert.equal(citationMarkers(["SPEND-ACME-FY2025", "CTR-0001 §4"], citations), "[3][1]");
    assert.equal(citationMarkers(["CTR-0001 §4", "CTR-0001 §4"], citations), "[1]");
    assert.equal(citationMarkers(["NOT-CITED"], citations), "");
  });
});

describe("citation titles", () => {
  it("name the kind once, in the answer's language, a category by its label and no part of the reference twice", () => {
    const body = {
      rationale: [{ point: "Spend", citations: ["SPEND V-1001 logistics FY2025 FY2025", "SPEND SUP-033"] }],
      findings: [
        {
          specialist: "spend",
          name: "Spend",
          headline: "",
          summary: "",
          details: "",
          confidence: 0.8,
          evidence: [
            { source: "spend", referenceId: "SPEND V-1001 logistics FY2025 FY2025", quote: "¥1" },
            { source: "spend", referenceId: "SPEND SUP-033", quote: "¥2" },
          ],
        },
      ],
    };
    assert.deepEqual(
      citationsFromAnswer(body, "en").map((c) => c.title),
      ["Spend V-1001 logistics FY2025", "Spend SUP-033"],
    );
    assert.deepEqual(
      citationsFromAnswer(body, "ja").map((c) => c.title),
      ["支出 V-1001 物流 2025年度", "支出 SUP-033"],
    );
  });

  it("names a supplier by the name a tool gave, in every reference holding its id, in both languages", () => {
    const subject = { id: "SUP-033", name: "Yamada Unyu" };
    const named: Pick<AnswerBodyView, "rationale" | "findings"> = {
      rationale: [{ point: "Spend and profile.", citations: ["SPEND SUP-033 FY2025", "SUP-033", "SPEND SUP-099"] }],
      findings: [
        finding("spend", [
          { source: "spend", referenceId: "SPEND SUP-033 FY2025", quote: "¥2,350,000", subject },
          { source: "spend", referenceId: "SPEND SUP-099", quote: "¥1" },
        ]),
        finding("supplier", [{ source: "supplier", referenceId: "SUP-033", quote: "low risk" }]),
      ],
    };
    assert.deepEqual(
      citationsFromAnswer(named, "en").map((c) => c.title),
      ["Spend Yamada Unyu FY2025", "Supplier Yamada Unyu", "Spend SUP-099"],
    );
    assert.deepEqual(
      citationsFromAnswer(named, "ja").map((c) => c.title),
      ["支出 Yamada Unyu 2025年度", "サプライヤー Yamada Unyu", "支出 SUP-099"],
    );
  });
});
