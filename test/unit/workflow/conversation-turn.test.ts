import assert from "node:assert/strict";
import {
  followUpCues,
  needsEarlierContext,
  appendTurn,
  type ConversationTurn,
  type RunState,
  type ToolCallRecord,
} from "../../../src/domain";
import { entitiesOfRun, turnFromRun } from "../../../src/workflow/conversation-turn";
import { suggestFollowUps } from "../../../src/workflow/follow-up-suggestions";
import { memoryKeyOf } from "../../../src/teams/conversation-key";
import { classifyMessage } from "../../../src/teams/inbound-message";
import { runToolCalls } from "../../../src/workflow/steps/tool-runner";
import { completedRun } from "../../fixtures/cards/sample-runs";
import { registry } from "../tools/tool-fixture";

/** The records of three calls run through the workflow's tool runner on the sample data's tools. */
async function sampleToolCalls(): Promise<ToolCallRecord[]> {
  const call = (name: string, args: Record<string, unknown>) => ({ id: name, name, arguments: JSON.stringify(args) });
  const calls = [
    call("querySpend", { supplier: "Acme Cloud Software", category: null, fiscalYear: "FY2025", groupBy: null }),
    call("searchContracts", { query: "renewal", supplier: "Acme" }),
    call("listSuppliers", { category: "saas", region: null }),
  ];
  const results = await runToolCalls(
    registry,
    calls.map((c) => c.name),
    calls,
    "en",
  );
  return results.map((result) => result.record);
}

describe("conversation turns", () => {
  let toolCalls: ToolCallRecord[];
  before(async () => {
    toolCalls = await sampleToolCalls();
  });
  function withTools(overrides: Partial<RunState> = {}): RunState {
    const run = completedRun(overrides);
    run.findings[0].toolCalls = toolCalls;
    return run;
  }

  it("takes what the run resolved from the tools' arguments (by each tool's argument kinds), the evidence and the standalone question", () => {
    const run = withTools({ standaloneQuestion: "Can we renew the Acme SaaS contract at +8% for ¥12,000,000 in FY2026?" });
    const entities = entitiesOfRun(run);
    assert.deepEqual(entities.suppliers, ["Acme Cloud Software", "Acme"]);
    assert.deepEqual(entities.categories, ["saas"]);
    assert.deepEqual(entities.periods, ["FY2025", "FY2026"]);
    assert.ok(entities.contracts.includes("CTR-0012"), JSON.stringify(entities));
    assert.deepEqual(entities.amounts, ["¥12,000,000"]);
  });

  it("remembers answered and under-review runs (without an unseen conclusion), never failed or asked-back ones", () => {
    const answered = turnFromRun(withTools())!;
    assert.equal(answered.conclusion, completedRun().answer!.conclusion);
    assert.equal(answered.standaloneQuestion, completedRun().question);
    assert.equal(turnFromRun(withTools({ status: "awaiting_approval" }))!.conclusion, undefined);
    assert.equal(turnFromRun(withTools({ status: "failed" })), undefined);
    assert.equal(turnFromRun(withTools({ status: "needs_clarification" })), undefined);
  });

  it("keeps the newest turns within the token budget", () => {
    const turn = (runId: string): ConversationTurn => ({ ...turnFromRun(withTools())!, runId });
    const turns = ["a", "b", "c"].map(turn);
    assert.deepEqual(
      appendTurn(turns, turn("d"), 1).map((t) => t.runId),
      ["d"],
      "the latest always stays",
    );
    assert.deepEqual(
      appendTurn(turns, turn("d"), 1_000_000).map((t) => t.runId),
      ["a", "b", "c", "d"],
    );
  });

  it("suggests two or three follow-ups in the asker's language, from what the answer resolved", () => {
    assert.deepEqual(suggestFollowUps(withTools()), ["And in FY2024?", "When is the notice deadline of CTR-0012?", "Why?"]);
    assert.deepEqual(suggestFollowUps(withTools({ language: "ja" })), ["では2024年度は？", "CTR-0012の解約通知期限は？", "その理由は？"]);
    const bare = completedRun({ findings: [] });
    assert.deepEqual(suggestFollowUps(bare), ["Why?", "Is that in line with our procurement policy?"]);
  });
});

describe("follow-up cues", () => {
  it("tells a message that points back from one that stands alone", () => {
    for (const text of [
      "And with Nimbus?",
      "and them?",
      "Why?",
      "Is that above the cap?",
      "Draft the e-mail to them",
      "それはいくら？",
      "では昨年度は？",
      "なぜですか？",
    ])
      assert.equal(needsEarlierContext(text), true, text);
    for (const text of [
      "How much did we spend with Acme in FY2025?",
      "Why do we need three quotes for a ¥5M purchase?",
      "What is the approval threshold for this fiscal year?",
      "取引先A社の支出推移は？",
      "その他の費用は？",
    ])
      assert.equal(needsEarlierContext(text), false, text);
    assert.deepEqual(followUpCues("Nimbus?"), { elliptical: false, dangling: false, aboutAnswer: false, short: true });
  });
});

describe("conversation keys and follow-up submits (Teams)", () => {
  it("keys a personal chat by its id, and a group chat or channel thread per person", () => {
    const activity = (
      id: string,
      conversationType: string,
      messageId = "m-9",
      from: object = { id: "29:alice", aadObjectId: "aad-alice" },
    ) => ({ id: messageId, conversation: { id, conversationType }, from }) as never;
    assert.equal(memoryKeyOf(activity("a:personal", "personal")), "a:personal");
    assert.equal(memoryKeyOf(activity("19:group@thread.v2", "groupChat")), "19:group@thread.v2;from=aad-alice");
    assert.equal(
      memoryKeyOf(activity("19:group@thread.v2", "groupChat", "m-9", { id: "29:bob" })),
      "19:group@thread.v2;from=29:bob",
      "the Teams user id when there is no Entra id",
    );
    assert.equal(
      memoryKeyOf(activity("19:chan@thread.tacv2;messageid=111", "channel")),
      "19:chan@thread.tacv2;messageid=111;from=aad-alice",
    );
    assert.equal(
      memoryKeyOf(activity("19:chan@thread.tacv2", "channel", "222")),
      "19:chan@thread.tacv2;messageid=222;from=aad-alice",
      "a new post is the root of its thread",
    );
  });

  it("takes a suggested follow-up's submit as the question it carries", () => {
    assert.deepEqual(classifyMessage({ text: "", value: { followUp: "And in FY2024?" } }, 100), {
      kind: "question",
      text: "And in FY2024?",
    });
    assert.deepEqual(classifyMessage({ text: "And in FY2024?", value: { followUp: "And in FY2024?" } }, 100), {
      kind: "question",
      text: "And in FY2024?",
    });
    assert.deepEqual(classifyMessage({ text: "", value: { followUp: "help" } }, 100), { kind: "command", command: "help" });
  });
});
