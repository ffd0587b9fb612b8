import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { detectLanguage, type SpecialistSummary } from "../../../../src/domain";
import { buildOfflineVocabulary, type OfflineVocabulary } from "../../../../src/llm/offline";
import { routeOffline } from "../../../../src/llm/offline/router";
import { createInMemoryProcurementData } from "../../../../src/tools/in-memory-procurement-data";
import { generateSampleDataSet } from "../../../../src/tools/sample-data";
import { loadPromptLibrary } from "../../../../src/workflow/prompt-library";

/** Paraphrases written and committed before the Router's scoring was last changed, and kept out of its tuning. */
const paraphrases: { question: string; lead: string }[] = JSON.parse(
  readFileSync(path.join(__dirname, "../../../fixtures/router/paraphrases.json"), "utf8"),
);
const specialists: SpecialistSummary[] = loadPromptLibrary().specialists.map(({ id, displayName, description, keywords }) => ({
  id,
  displayName,
  description,
  keywords,
}));

describe("offline router on held-out paraphrases", () => {
  let vocabulary: OfflineVocabulary;
  before(async () => {
    vocabulary = await buildOfflineVocabulary(createInMemoryProcurementData(generateSampleDataSet()));
    await vocabulary.contractIds.ready();
  });

  // The target is 16 of 20; character n-grams reach 5 (4 before them): the rest need synonyms no
  // declaration spells ("expire" for a term's end, "blacklist" for sanctions). Held here so it cannot fall.
  it("lets the right specialist lead at least 5 of the 20", () => {
    assert.equal(paraphrases.length, 20);
    const misses = paraphrases.filter(({ question, lead }) => {
      const output = routeOffline(
        { agent: "router", question, language: detectLanguage(question), specialists, maxSpecialists: 3 },
        vocabulary,
      );
      return output.selected[0] !== lead;
    });
    console.log(`      router paraphrases: ${20 - misses.length}/20 led by the right specialist`);
    assert.ok(misses.length <= 15, misses.map((m) => `${m.question} → expected ${m.lead}`).join("\n"));
  });

  it("sends a risk question to the Supplier specialist", () => {
    const question = "How risky is Hayabusa Logistics?";
    const output = routeOffline({ agent: "router", question, language: "en", specialists, maxSpecialists: 3 }, vocabulary);
    assert.equal(output.selected[0], "supplier");
  });
});
