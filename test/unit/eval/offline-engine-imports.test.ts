import assert from "node:assert/strict";
import { ESLint } from "eslint";

describe("the evaluation room and the offline engine", () => {
  it("reaches the offline Router without an import the room rules forbid, even with inline disables ignored", async function () {
    this.timeout(120_000);
    const eslint = new ESLint({
      overrideConfig: { linterOptions: { noInlineConfig: true } },
      ruleFilter: ({ ruleId }) => ruleId === "no-restricted-imports",
    });
    const results = await eslint.lintFiles(["src/eval/**/*.ts"]);
    const forbidden = results.flatMap((result) =>
      result.messages.filter((message) => message.ruleId !== null).map((message) => `${result.filePath}: ${message.message}`),
    );
    assert.deepEqual(forbidden, []);
  });
});
