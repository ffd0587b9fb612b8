import assert from "node:assert/strict";
import type { CitationView } from "../../../src/cards";
import { aiMessageEntity } from "../../../src/teams/ai-message-entity";
import { TeamsAiEntitySchema } from "../../fakes/teams-ai-entity-schema";
import { nodesOfType, texts } from "../../fixtures/cards/card-query";

const citation = (position: number, quote = `quote ${position}`): CitationView => ({
  position,
  referenceId: `CTR-${position}`,
  source: "contract",
  title: `Contract CTR-${position}`,
  quote,
  sourceName: "Contract",
});

describe("teams/ai-message-entity", () => {
  it("labels a model's answer as AI-generated and carries its citations as Teams claims", () => {
    const entity = TeamsAiEntitySchema.parse(aiMessageEntity({ citations: [citation(1), citation(2)], aiGenerated: true }));
    assert.deepEqual(entity.additionalType, ["AIGeneratedContent"]);
    assert.deepEqual(
      entity.citation?.map((c) => [c.position, c.appearance.name, c.appearance.abstract, c.appearance.keywords]),
      [
        [1, "Contract CTR-1", "quote 1", ["contract"]],
        [2, "Contract CTR-2", "quote 2", ["contract"]],
      ],
    );
    assert.equal(entity.usageInfo, undefined);
  });

  it("gives the offline engine's answers no AI label, but still their citations", () => {
    const entity = TeamsAiEntitySchema.parse(aiMessageEntity({ citations: [citation(1)], aiGenerated: false }));
    assert.equal(entity.additionalType, undefined);
    assert.equal(entity.citation?.length, 1);
  });

  it("keeps within Teams' limits: ten citations, 80-character titles, 160-character abstracts, 28-character keywords", () => {
    const many = Array.from({ length: 14 }, (_, i) => ({
      ...citation(i + 1, "x".repeat(400)),
      title: "T".repeat(200),
      source: "supplier-sustainability-assessment",
    }));
    const entity = TeamsAiEntitySchema.parse(aiMessageEntity({ citations: many, aiGenerated: true }));
    assert.equal(entity.citation?.length, 10);
    assert.ok(entity.citation.every((c) => c.appearance.name.length <= 80 && c.appearance.abstract.length <= 160));
  });

  it("uses the title as the abstract when no quote was recorded", () => {
    const entity = TeamsAiEntitySchema.parse(aiMessageEntity({ citations: [citation(1, "")], aiGenerated: true }));
    assert.equal(entity.citation?.[0]?.appearance.abstract, "Contract CTR-1");
  });

  it("makes a citation whose record has a document a link to it, with no card", () => {
    const url = "https://contoso.sharepoint.com/sites/Procurement/Contracts/CTR-1.docx";
    const entity = TeamsAiEntitySchema.parse(aiMessageEntity({ citations: [{ ...citation(1), url }], aiGenerated: true }));
    const appearance = entity.citation?.[0]?.appearance;
    assert.deepEqual([appearance?.url, appearance?.text, appearance?.encodingFormat], [url, undefined, undefined]);
  });

  it("opens a citation without a document as an Adaptive Card with its title, the quote and the kind of source", () => {
    const quote = "Price adjustments are capped at 5% per year; *not* markdown.";
    const entity = TeamsAiEntitySchema.parse(aiMessageEntity({ citations: [citation(1, quote)], aiGenerated: true }));
    const appearance = entity.citation?.[0]?.appearance;
    assert.equal(appearance?.url, undefined);
    assert.equal(appearance?.encodingFormat, "application/vnd.microsoft.card.adaptive");
    const card = JSON.parse(appearance.text!) as Record<string, unknown>;
    assert.deepEqual([card.type, card.version], ["AdaptiveCard", "1.5"]);
    assert.deepEqual(texts(card), ["Contract CTR-1", `“${quote}”`, "Contract"]);
    assert.equal(nodesOfType(card, "TextBlock").length, 0, "text runs: a quote is shown as written, never as markdown");
  });

  it("keeps the card of a long quote under a kilobyte, and a citation with neither quote nor kind shows its title alone", () => {
    const long = TeamsAiEntitySchema.parse(aiMessageEntity({ citations: [citation(1, "x ".repeat(3000))], aiGenerated: true }));
    assert.ok(long.citation![0].appearance.text!.length < 1000, `${long.citation![0].appearance.text!.length} characters`);
    const bare = { ...citation(2, ""), source: "", sourceName: "", title: "UNKNOWN-1" };
    const entity = TeamsAiEntitySchema.parse(aiMessageEntity({ citations: [bare], aiGenerated: true }));
    assert.deepEqual(texts(JSON.parse(entity.citation![0].appearance.text!)), ["UNKNOWN-1"]);
    assert.equal(entity.citation![0].appearance.keywords, undefined);
  });

  it("puts a sensitivity label on the message and on each citation", () => {
    const sensitivity = { name: "Confidential", description: "Contract terms: do not forward outside procurement." };
    const entity = TeamsAiEntitySchema.parse(aiMessageEntity({ citations: [citation(1)], aiGenerated: true, sensitivity }));
    assert.equal(entity.usageInfo?.name, "Confidential");
    assert.equal(entity.citation?.[0]?.appearance.usageInfo?.description, sensitivity.description);
  });
});
