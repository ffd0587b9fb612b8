import assert from "node:assert/strict";
import type { CitationView } from "../../../src/cards";
import { aiMessageEntity } from "../../../src/teams/ai-message-entity";
import { TeamsAiEntitySchema } from "../../fakes/teams-ai-entity-schema";

const citation = (position: number, quote = `quote ${position}`): CitationView => ({
  position,
  referenceId: `CTR-${position}`,
  source: "contract",
  title: `Contract CTR-${position}`,
  quote,
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

  it("keeps within Teams' limits: ten citations, 80-character titles, 160-character abstracts", () => {
    const many = Array.from({ length: 14 }, (_, i) => ({ ...citation(i + 1, "x".repeat(400)), title: "T".repeat(200) }));
    const entity = TeamsAiEntitySchema.parse(aiMessageEntity({ citations: many, aiGenerated: true }));
    assert.equal(entity.citation?.length, 10);
    assert.ok(entity.citation.every((c) => c.appearance.name.length <= 80 && c.appearance.abstract.length <= 160));
  });

  it("uses the title as the abstract when no quote was recorded", () => {
    const entity = TeamsAiEntitySchema.parse(aiMessageEntity({ citations: [citation(1, "")], aiGenerated: true }));
    assert.equal(entity.citation?.[0]?.appearance.abstract, "Contract CTR-1");
  });

  it("puts a sensitivity label on the message and on each citation", () => {
    const sensitivity = { name: "Confidential", description: "Contract terms: do not forward outside procurement." };
    const entity = TeamsAiEntitySchema.parse(aiMessageEntity({ citations: [citation(1)], aiGenerated: true, sensitivity }));
    assert.equal(entity.usageInfo?.name, "Confidential");
    assert.equal(entity.citation?.[0]?.appearance.usageInfo?.description, sensitivity.description);
  });
});
