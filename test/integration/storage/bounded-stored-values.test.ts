import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { STORED_TEXT_LIMITS } from "../../../src/domain";
import { LocalDataStore } from "../../../src/storage/local-data-store";
import { cardOf } from "../../fakes/fake-connector";
import { importFixture, temporaryDataDirectory } from "../../unit/import/import-fixture";
import { startBotHarness, type BotHarness } from "../teams/bot-harness";

/** 50 MB: a name imported before the import's limits existed. */
const HUGE_NAME = `Northwind ${"Z".repeat(50 * 1024 * 1024)}`;

describe("Stored values are bounded where they are read: a 50 MB supplier name already in the data (bot, offline engine)", function () {
  this.timeout(120_000);
  let harness: BotHarness;

  before(async () => {
    const directory = temporaryDataDirectory();
    await importFixture(new LocalDataStore(directory), "acme");
    // Written around the import, as a data set from before its limits would hold it.
    const file = path.join(directory, "suppliers.json");
    const suppliers = JSON.parse(readFileSync(file, "utf8")) as { id: string; name: string }[];
    writeFileSync(file, JSON.stringify(suppliers.map((s) => (s.id === "NW-100" ? { ...s, name: HUGE_NAME } : s))));
    // The spend cells the import derived carry the name too (months and fiscal years, and their largest lines).
    for (const cells of ["spend-cells.json", "spend-years.json"]) {
      const derived = path.join(directory, cells);
      const read = JSON.parse(readFileSync(derived, "utf8")) as { supplierId: string; largest: { supplierName: string }[] }[];
      const huge = read.map((cell) =>
        cell.supplierId === "NW-100"
          ? { ...cell, supplierName: HUGE_NAME, largest: cell.largest.map((line) => ({ ...line, supplierName: HUGE_NAME })) }
          : cell,
      );
      writeFileSync(derived, JSON.stringify(huge));
    }
    harness = await startBotHarness({ PROCURA_DATA_DIR: directory });
  });
  after(async () => {
    await harness?.stop();
  });

  it("answers a question resolving to that supplier, showing its name cut to the name limit", async () => {
    const question = harness.message("Supplier profile of Northwind: risk rating, on-time delivery and certifications?");
    await harness.post(question);
    const answer = await harness.answerIn(question.conversation.id, 60_000);
    const shown = JSON.stringify({ card: cardOf(answer), text: answer.activity.text, entities: answer.activity.entities });
    const longest = Math.max(...(shown.match(/Z+/g) ?? [""]).map((run) => run.length));
    assert.ok(longest < STORED_TEXT_LIMITS.nameChars, `a run of ${longest} Z reached the answer`);
  });

  it("answers a spend question about that supplier from its cells, showing its name cut to the name limit", async () => {
    const question = harness.message("How much did we spend with Northwind in FY2025, and which were the largest transactions?");
    await harness.post(question);
    const answer = await harness.answerIn(question.conversation.id, 60_000);
    const shown = JSON.stringify({ card: cardOf(answer), text: answer.activity.text, entities: answer.activity.entities });
    assert.match(shown, /Northwind/);
    const longest = Math.max(...(shown.match(/Z+/g) ?? [""]).map((run) => run.length));
    assert.ok(longest < STORED_TEXT_LIMITS.nameChars, `a run of ${longest} Z reached the answer`);
  });
});
