import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { formatRun } from "../../../../src/cli/format-run";
import { testConfig } from "../../../fakes/test-config";
import { buildWorkflowDeps } from "../../../../src/composition/workflow-deps";
import { LocalDataStore, openLocalProcurementData } from "../../../../src/storage/local-data-store";
import { MemoryRunStore } from "../../../../src/storage/memory-run-store";
import { rememberRun } from "../../../../src/workflow/conversation-turn";
import { runQuestion } from "../../../../src/workflow/runner";
import type { WorkflowDeps } from "../../../../src/workflow/deps";
import { questionToAnswer } from "../../../../src/domain";
import { importFixture, temporaryDataDirectory } from "../../import/import-fixture";

const DAMAGE = /contracts\.json is not a valid data file \(.*JSON.*\); import the data again/;

describe("the offline engine over a data directory whose contracts.json is damaged", () => {
  let deps: WorkflowDeps;

  // Start-up as the composition root does it: the contract ids are read when a question first needs them.
  before(async () => {
    const directory = temporaryDataDirectory();
    await importFixture(new LocalDataStore(directory), "acme");
    writeFileSync(path.join(directory, "contracts.json"), "not json");
    const data = (await openLocalProcurementData(directory))!;
    deps = await buildWorkflowDeps(testConfig({ LLM_PROVIDER: "offline" }), {
      data,
      store: new MemoryRunStore(),
      events: { emit: () => {} },
    });
  });

  it("answers a question that needs no contract", async () => {
    const state = await runQuestion(deps, { question: "How much did we spend with Northwind Freight K.K. in FY2025?" });
    assert.equal(state.status, "answered", state.failure?.message);
    assert.match(state.answer?.conclusion ?? "", /Northwind/);
    assert.doesNotMatch(JSON.stringify(state.findings), /contracts\.json/);
  });

  it("says plainly, in the question's language, that the contracts could not be read: never answers a contract question from the policies", async () => {
    for (const [question, unread] of [
      ["Which contracts renew soon?", "The contract records could not be read, so this cannot be answered from them."],
      ["まもなく更新される契約は？", "契約データを読み取れなかったため、その情報からは回答できません。"],
    ] as const) {
      const state = await runQuestion(deps, { question });
      assert.equal(state.status, "answered", state.failure?.message);
      const conclusion = state.answer?.conclusion ?? "";
      assert.ok(conclusion.startsWith(unread), conclusion);
      assert.doesNotMatch(conclusion, /POL-|contracts\.json/, "no policy text as the answer, no file for operators");
      assert.ok(state.answer?.critique.includes(unread), "the critique says what is missing");
      for (const finding of state.findings) if (finding.status === "ok") assert.doesNotMatch(finding.summary, /POL-/);
    }
  });

  it("reports the damaged file, and what to do, for a question naming a contract id", async () => {
    const state = await runQuestion(deps, { question: "What is the notice period of NWC-2?" });
    assert.equal(state.status, "failed");
    assert.equal(state.answer, undefined, "no answer without the contract");
    assert.match(state.failure?.message ?? "", DAMAGE);
  });

  it("tells the asker, in their language, only that the answer could not be completed: the file and the error class are for operators", async () => {
    const en = await runQuestion(deps, { question: "What is the notice period of NWC-2?" });
    const ja = await runQuestion(deps, { question: "NWC-2の解約予告期間は？" });
    for (const [state, apology] of [
      [en, "The answer could not be completed. Nothing was lost: you can ask again."],
      [ja, "回答を完成できませんでした。データは失われていません。もう一度質問できます。"],
    ] as const) {
      assert.equal(state.status, "failed");
      assert.match(state.failure?.message ?? "", DAMAGE, "operators still read which file and what to do");
      const shown = formatRun(state, deps.prompts.specialists);
      assert.ok(shown.includes(apology), shown);
      assert.ok(shown.includes(state.runId), "the run id to quote");
      assert.doesNotMatch(shown, /Internal error|SystemError|contracts\.json|import the data again/);
    }
  });

  /** Asks within a conversation, remembering the turn as the bot does after each run. */
  const ask = async (question: string, conversationKey: string) => {
    const state = await runQuestion(deps, { question, conversationKey });
    await rememberRun(deps.memory, state);
    return state;
  };

  it("answers a spend follow-up: a follow-up that can name no contract needs no contract ids", async () => {
    const first = await ask("How much did we spend with Northwind Freight K.K. in FY2025?", "spend-en");
    assert.equal(first.status, "answered", first.failure?.message);
    for (const [message, standalone] of [
      ["And FY2024?", "How much did we spend with Northwind Freight K.K. in FY2024?"],
      ["What about Blue Harbor?", "How much did we spend with Blue Harbor Cloud Inc. in FY2024?"],
    ]) {
      const followUp = await ask(message, "spend-en");
      assert.equal(followUp.status, "answered", followUp.failure?.message);
      assert.equal(followUp.understanding?.kind, "rewritten", JSON.stringify(followUp.understanding));
      assert.equal(questionToAnswer(followUp), standalone);
      assert.doesNotMatch(JSON.stringify(followUp), /contracts\.json/);
    }
    // "Last year" counts from today's fiscal year: the rewritten question keeps the supplier and names a year.
    const lastYear = await ask("and last year?", "spend-en");
    assert.equal(lastYear.status, "answered", lastYear.failure?.message);
    assert.match(questionToAnswer(lastYear), /^How much did we spend with Blue Harbor Cloud Inc\. in FY\d{4}\?$/);
    await ask("ノースウィンドの2025年度の支出は？", "spend-ja");
    const ja = await ask("2024年度は？", "spend-ja");
    assert.equal(ja.status, "answered", ja.failure?.message);
    assert.equal(questionToAnswer(ja), "ノースウィンドの2024年度の支出は？");
  });

  it("fails a follow-up naming a contract id as it fails a first question naming one: naming the damaged file", async () => {
    await ask("How much did we spend with Northwind Freight K.K. in FY2025?", "contract-en");
    await ask("ノースウィンドの2025年度の支出は？", "contract-ja");
    for (const followUp of [await ask("And NWC-2?", "contract-en"), await ask("NWC-2は？", "contract-ja")]) {
      assert.equal(followUp.status, "failed");
      assert.equal(followUp.answer, undefined, "no answer without the contract");
      assert.match(followUp.failure?.message ?? "", DAMAGE);
    }
  });

  it("leaves no failure unhandled when the run ends before its up-front evidence is used (that would stop the bot)", async () => {
    const unhandled: unknown[] = [];
    const listen = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", listen);
    try {
      await runQuestion(deps, { question: "What is the notice period of NWC-2?" });
      // Unhandled rejections are reported once the current turn of the event loop is over.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off("unhandledRejection", listen);
    }
    assert.deepEqual(unhandled, []);
  });
});
