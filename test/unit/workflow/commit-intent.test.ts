import assert from "node:assert/strict";
import { asksToCommit } from "../../../src/workflow/steps/commit-intent";
import { GENERATED, HELD_ASIDE, type LabelledQuestion } from "./commitment-questions";

interface Confusion {
  truePositive: number;
  falseNegative: number;
  falsePositive: number;
  trueNegative: number;
  misread: string[];
}

function confusion(questions: LabelledQuestion[]): Confusion {
  const table: Confusion = { truePositive: 0, falseNegative: 0, falsePositive: 0, trueNegative: 0, misread: [] };
  for (const { question, commits } of questions) {
    const read = asksToCommit(question);
    if (commits && read) table.truePositive++;
    else if (commits) table.falseNegative++;
    else if (read) table.falsePositive++;
    else table.trueNegative++;
    if (read !== commits)
      table.misread.push(`${commits ? "commitment read as informational" : "informational read as commitment"}: ${question}`);
  }
  return table;
}

/** Prints the confusion table of each set by language, the figures the closing note reports. */
function printTable(name: string, questions: LabelledQuestion[]): Confusion {
  const rows = (["en", "ja"] as const).map((language) => ({ language, ...confusion(questions.filter((q) => q.language === language)) }));
  const all = confusion(questions);
  console.log(`\n  ${name}: ${questions.length} questions`);
  console.log("  | language | commitment → approval | commitment missed | informational → approval | informational answered |");
  console.log("  |---|---|---|---|---|");
  for (const row of [...rows, { language: "all", ...all }])
    console.log(`  | ${row.language} | ${row.truePositive} | ${row.falseNegative} | ${row.falsePositive} | ${row.trueNegative} |`);
  return all;
}

describe("commitment questions, read by meaning", () => {
  it("generates a balanced bilingual set of at least 60 phrasings", () => {
    assert.ok(GENERATED.length >= 60);
    for (const language of ["en", "ja"]) {
      const set = GENERATED.filter((q) => q.language === language);
      assert.equal(set.filter((q) => q.commits).length, set.filter((q) => !q.commits).length, language);
    }
  });

  it("reads every generated commitment as one and every informational question as none", () => {
    const table = printTable("generated set", GENERATED);
    assert.deepEqual(table.misread, []);
  });

  it("reads the held-aside phrasings it was not tuned to", () => {
    const table = printTable("held-aside set", HELD_ASIDE);
    assert.deepEqual(table.misread, []);
  });
});
