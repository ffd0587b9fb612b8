/**
 * Contract ids are whatever the import was given (「契約-0042」, "K-2025/017"): the offline engine
 * recognises them by looking them up in the data set, so a follow-up naming one is rewritten with it
 * and answered from that contract, never from another.
 */
import assert from "node:assert/strict";
import { testConfig } from "../../fakes/test-config";
import { buildWorkflowDeps } from "../../../src/composition/workflow-deps";
import type { RunState } from "../../../src/domain";
import { questionToAnswer } from "../../../src/domain";
import { MemoryRunStore } from "../../../src/storage/memory-run-store";
import { LocalDataStore, openLocalProcurementData } from "../../../src/storage/local-data-store";
import { rememberRun } from "../../../src/workflow/conversation-turn";
import { runQuestion } from "../../../src/workflow/runner";
import { importFixture, temporaryDataDirectory } from "../../unit/import/import-fixture";
import { answerText } from "./offline-answers";

describe("imported contract ids in any format (offline engine, follow-ups)", function () {
  this.timeout(60_000);
  let ask: (question: string, conversationKey: string) => Promise<RunState>;
  before(async () => {
    const directory = temporaryDataDirectory();
    await importFixture(new LocalDataStore(directory), "contract-ids");
    const data = (await openLocalProcurementData(directory))!;
    const deps = await buildWorkflowDeps(testConfig({ NODE_ENV: "test" }), {
      data,
      store: new MemoryRunStore(),
      events: { emit: () => {} },
    });
    ask = async (question, conversationKey) => {
      const state = await runQuestion(deps, { question, conversationKey });
      await rememberRun(deps.memory, state);
      return state;
    };
  });

  it("answers a follow-up naming K-2025/017 after a question about 契約-0042 from K-2025/017's terms", async () => {
    const first = answerText(await ask("What are the termination terms of 契約-0042?", "ids-en"));
    assert.match(first, /契約-0042/, first);
    assert.match(first, /Brochure printing framework/, first);
    const followUp = await ask("And K-2025/017?", "ids-en");
    assert.equal(questionToAnswer(followUp), "What are the termination terms of K-2025/017?");
    const text = answerText(followUp);
    assert.match(text, /K-2025\/017/, text);
    assert.match(text, /Office cleaning service/, text);
    assert.doesNotMatch(text, /Brochure printing framework|契約-0042/, text);
  });

  it("answers a Japanese follow-up naming 契約-0042 after a question about K-2025/017", async () => {
    await ask("K-2025/017の解約条件は？", "ids-ja");
    const followUp = await ask("契約-0042は？", "ids-ja");
    assert.equal(questionToAnswer(followUp), "契約-0042の解約条件は？");
    const text = answerText(followUp);
    assert.match(text, /契約-0042/, text);
    assert.doesNotMatch(text, /K-2025\/017/, text);
  });
});
