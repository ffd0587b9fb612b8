import assert from "node:assert/strict";
import type { ProcurementDataSet, RunState } from "../../../src/domain";
import { createInMemoryProcurementData } from "../../../src/tools/in-memory-procurement-data";
import { generateSampleDataSet } from "../../../src/tools/sample-data";
import { ask as askOffline } from "./offline-answers";

/** The sample data with a supplier whose only name is in kana and kanji, with its legal form, as a vendor master gives it. */
function dataWithJapaneseOnlySupplier(): ProcurementDataSet {
  const data = generateSampleDataSet();
  const model = data.suppliers.find((s) => s.id === "SUP-041");
  if (!model) throw new Error("SUP-041 missing from the sample data");
  data.suppliers.push({ ...model, id: "SUP-900", name: "さくら精機株式会社", aliases: [] });
  for (const row of data.spend.filter((r) => r.supplierId === "SUP-041" && r.date >= "2025-04-01").slice(0, 3))
    data.spend.push({ ...row, id: `${row.id}-sakura`, supplierId: "SUP-900", supplierName: "さくら精機株式会社" });
  return data;
}

describe("offline answers name suppliers written in any script", function () {
  this.timeout(60_000);
  const data = createInMemoryProcurementData(dataWithJapaneseOnlySupplier());
  const ask = (question: string) => askOffline(data, question);

  const resolvedSuppliers = (state: RunState) =>
    state.findings.flatMap((f) => f.toolCalls.flatMap((call) => call.resolution?.resolved ?? [])).map((name) => name.id);

  for (const [question, supplierId] of [
    ["はやぶさの2025年度の支出は？", "SUP-014"],
    ["今年のハヤブサの支出は？", "SUP-014"],
    ["さくら精機のFY2025の支出は？", "SUP-900"],
    ["さくら精機のリスクは？", "SUP-900"],
    ["さくら精機株式会社のリスクは？", "SUP-900"],
  ]) {
    it(`resolves 「${question}」 to ${supplierId}, not to every supplier`, async () => {
      const state = await ask(question);
      assert.equal(state.status, "answered", state.failure?.message);
      assert.ok(resolvedSuppliers(state).includes(supplierId), JSON.stringify(resolvedSuppliers(state)));
      assert.doesNotMatch(state.answer?.conclusion ?? "", /上位: raw-materials|「精機」/);
    });
  }

  for (const [question, conclusion] of [
    ["ひまわり精機の2025年度の支出は？", "「ひまわり精機」という取引先はデータにありません。"],
    ["What did we spend with Quantum Widgets last year?", "No supplier named Quantum Widgets is in the data."],
  ]) {
    it(`answers 「${question}」 with the name not being in the data alone: no list of strangers, no suggestion about it`, async () => {
      const state = await ask(question);
      const unresolved = state.findings.flatMap((f) => f.toolCalls.flatMap((call) => call.resolution?.unresolved ?? []));
      assert.ok(unresolved.length > 0, "the tools were asked about the name");
      assert.equal(state.answer?.conclusion, conclusion);
      assert.ok(
        state.suggestedFollowUps?.every((followUp) => !followUp.includes("Quantum") && !followUp.includes("ひまわり")),
        JSON.stringify(state.suggestedFollowUps),
      );
    });
  }

  it("answers an English question about a supplier named in Japanese in English, with English punctuation", async () => {
    const state = await ask("What is the risk rating of さくら精機株式会社?");
    assert.equal(state.language, "en");
    assert.match(state.answer?.conclusion ?? "", /さくら精機株式会社 .*risk rating/);
    assert.doesNotMatch(state.answer?.conclusion ?? "", /[。、（）]/);
  });

  it("answers a risk question about a name the data does not have, instead of refusing it", async () => {
    const state = await ask("How risky is Sakura Seiki?");
    assert.equal(state.status, "answered");
    assert.match(state.answer?.conclusion ?? "", /^No supplier named Sakura Seiki is in the data\./);
  });
});
