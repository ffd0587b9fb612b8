import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { measureScope, readScopeCases, scopeTable } from "../../../../src/eval/scope-figures";
import { buildQuestionVocabulary, type QuestionVocabulary } from "../../../../src/tools/question/vocabulary";
import { assessScope } from "../../../../src/llm/offline/scope";
import { createInMemoryProcurementData } from "../../../../src/tools/in-memory-procurement-data";
import { generateSampleDataSet } from "../../../../src/tools/sample-data";
import { loadPromptLibrary } from "../../../../src/workflow/prompt-library";

const fixture = (file: string): string[] => JSON.parse(readFileSync(path.join(__dirname, "../../../fixtures/scope", file), "utf8"));
const inScope = fixture("in-scope.json");
const offTopic = fixture("off-topic.json");
const specialists = loadPromptLibrary().specialists.map(({ id, displayName, description, keywords }) => ({
  id,
  displayName,
  description,
  keywords,
}));
const japanese = (questions: string[]) => questions.filter((q) => /[\u3040-\u30ff\u4e00-\u9fff]/.test(q)).length;

describe("offline scope decision", () => {
  let vocabulary: QuestionVocabulary;
  before(async () => {
    vocabulary = await buildQuestionVocabulary(createInMemoryProcurementData(generateSampleDataSet()));
    await vocabulary.contractIds.ready();
  });

  it("has a labelled set of at least 60 procurement and 40 off-topic questions, in English and Japanese", () => {
    assert.ok(inScope.length >= 60 && offTopic.length >= 40, `${inScope.length} / ${offTopic.length}`);
    assert.ok(japanese(inScope) >= 20 && japanese(offTopic) >= 15);
    assert.equal(new Set([...inScope, ...offTopic]).size, inScope.length + offTopic.length, "no question twice");
  });

  it("refuses at most 2 % of procurement questions and recognises at least 95 % of off-topic ones", async () => {
    const figures = await measureScope(
      readScopeCases(inScope, offTopic),
      (question) => assessScope(question, specialists, vocabulary).inScope,
    );
    const table = scopeTable([{ engine: "offline", figures }]);
    assert.ok(
      figures.falseRefusalRate <= 0.02,
      `${table}\nrefused: ${figures.mistakes
        .filter((m) => m.inScope)
        .map((m) => m.question)
        .join(" | ")}`,
    );
    assert.ok(
      figures.outOfScopeRecall >= 0.95,
      `${table}\nanswered: ${figures.mistakes
        .filter((m) => !m.inScope)
        .map((m) => m.question)
        .join(" | ")}`,
    );
  });

  it("answers procurement questions that name no specialist keyword", () => {
    for (const question of [
      "Where do we usually get our laptops from?",
      "We need twenty ergonomic chairs for the new Osaka office. How do we get them?",
      "社内イベントのケータリングを手配したい",
    ]) {
      const keywords = specialists.flatMap((s) => s.keywords).filter((k) => question.toLowerCase().includes(k.toLowerCase()));
      assert.ok(assessScope(question, specialists, vocabulary).inScope, `${question} (keywords: ${keywords.join(", ") || "none"})`);
    }
  });

  it("answers held-out procurement questions whose only sign is a category or an unknown name, and reads no topic into a supplier's name", () => {
    for (const question of [
      "去年、物流にどれだけお金を使いましたか？",
      "北斗化学工業の評判はどうですか？",
      "出張費はどの部署が一番使っていますか？",
      "How exposed are we if Helix HR Systems runs into trouble?",
    ])
      assert.ok(assessScope(question, specialists, vocabulary).inScope, question);
    const heldOut = [
      "paraphrases.json",
      "paraphrases-second.json",
      "paraphrases-third.json",
      "paraphrases-fourth.json",
      "paraphrases-fifth.json",
    ]
      .flatMap((file) => JSON.parse(readFileSync(path.join(__dirname, "../../../fixtures/router", file), "utf8")) as { question: string }[])
      .map(({ question }) => question);
    const refused = heldOut.filter((question) => !assessScope(question, specialists, vocabulary).inScope);
    console.log(`      held-out Router questions refused as off-topic: ${refused.length}/${heldOut.length} ${refused.join(" | ")}`);
    assert.ok(refused.length <= 1, refused.join(" | "));
  });

  it("names what made a question off-topic", () => {
    const weather = assessScope("What will the weather be in Tokyo tomorrow?", specialists, vocabulary);
    assert.equal(weather.inScope, false);
    assert.deepEqual(weather.offTopic, ["weather"]);
    assert.deepEqual(assessScope("asdkjh qwpoe zzxv blorf", specialists, vocabulary), {
      inScope: false,
      score: 0,
      offTopic: [],
    });
  });
});

describe("scope figures", () => {
  it("counts false refusals and missed off-topic questions separately", async () => {
    const cases = readScopeCases(["buy", "order"], ["rain", "joke", "hello"]);
    const figures = await measureScope(cases, (q) => q === "buy" || q === "hello");
    assert.equal(figures.falseRefusals, 1);
    assert.equal(figures.falseRefusalRate, 0.5);
    assert.equal(figures.caught, 2);
    assert.equal(figures.outOfScopeRecall, 2 / 3);
    assert.match(scopeTable([{ engine: "x", figures }]), /\| x +\| 2 +\| 1 +\| 50\.0 % +\| 3 +\| 2 +\| 66\.7 % +\|/);
  });
});
