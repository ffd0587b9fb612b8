import assert from "node:assert/strict";
import { questionToAnswer } from "../../../src/domain";
import { LocalDataStore, openLocalProcurementData } from "../../../src/storage/local-data-store";
import type { ProcurementData } from "../../../src/tools/procurement-data";
import { sampleData } from "../../fakes/workflow-harness";
import { importFixture, temporaryDataDirectory } from "../../unit/import/import-fixture";
import { answerText, ask } from "./offline-answers";

/** All suppliers' FY2025 spend in the fixture: what a widened question would answer. */
const ALL_SUPPLIERS_FY2025 = "¥6,620,000";

describe("names a vendor master without aliases does not hold as written (offline engine)", () => {
  let data: ProcurementData;
  before(async () => {
    const directory = temporaryDataDirectory();
    await importFixture(new LocalDataStore(directory), "vendors");
    data = (await openLocalProcurementData(directory))!;
  });

  it("says a near name is not in the data and offers the closest, never the all-suppliers figure", async () => {
    const text = answerText(await ask(data, "How much did we spend with Acme Cloud Japan in FY2025?"));
    assert.ok(!text.includes(ALL_SUPPLIERS_FY2025), text);
    assert.match(text, /No supplier named Acme Cloud Japan is in the data\. Closest names: Acme Cloud Software KK/);
  });

  it("reads a Japanese name without its legal form (山田運輸 for 山田運輸株式会社)", async () => {
    const text = answerText(await ask(data, "How much did we spend with 山田運輸 in FY2025?"));
    assert.ok(!text.includes(ALL_SUPPLIERS_FY2025), text);
    assert.match(text, /¥2,350,000/);
  });

  it("reads a supplier by its id in any format (supplier 100234)", async () => {
    const text = answerText(await ask(data, "How much did we spend with supplier 100234 in FY2025?"));
    assert.ok(!text.includes(ALL_SUPPLIERS_FY2025), text);
    assert.match(text, /¥2,000,000/);
  });

  it("asks back when a name fits several suppliers, offering them as follow-ups", async () => {
    const state = await ask(data, "How much did we spend with Acme in FY2025?");
    const text = answerText(state);
    assert.ok(!text.includes(ALL_SUPPLIERS_FY2025), text);
    assert.match(text, /Several suppliers could be Acme: Acme Cloud Software KK, Acme Logistics Inc\./);
    assert.deepEqual(state.suggestedFollowUps, [
      "How much did we spend with Acme Cloud Software KK in FY2025?",
      "How much did we spend with Acme Logistics Inc. in FY2025?",
    ]);
    assert.equal(questionToAnswer(state), "How much did we spend with Acme in FY2025?");
  });

  it("answers in Japanese that a name is unknown (「ノースウィンド」)", async () => {
    const text = answerText(await ask(data, "ノースウィンド・ロボティクスの2025年度の支出は？"));
    assert.ok(!text.includes(ALL_SUPPLIERS_FY2025), text);
    assert.match(text, /「ノースウィンド・ロボティクス」という取引先はデータにありません。/);
  });
});

describe("names the sample data does not hold (offline engine)", () => {
  const data = sampleData;

  it("states plainly that Northwind Robotics is not in the data", async () => {
    const text = answerText(await ask(data, "How much did we spend with Northwind Robotics last year?"));
    assert.match(text, /No supplier named Northwind Robotics is in the data\./);
  });

  it("the approval draft for a commitment to an unknown supplier says it is unknown", async () => {
    const state = await ask(data, "Can we commit ¥30,000,000 to Globex for logistics next year?");
    assert.equal(state.status, "awaiting_approval");
    assert.match(state.answer!.conclusion, /No supplier named Globex is in the data\./);
  });
});

describe("Japanese answers without English labels (offline engine, sample data)", () => {
  it("names the category and risk ratings in Japanese, not by their ids", async () => {
    const text = answerText(await ask(sampleData, "物流の代替サプライヤーは？"));
    assert.match(text, /物流の候補サプライヤー: /);
    assert.doesNotMatch(text, /logistics|\b(low|medium|high)\b/, text);
    assert.match(text, /(低|中|高)リスク/);
  });
});
