import assert from "node:assert/strict";
import type { RunState, WorkflowEvent } from "../../../src/domain";
import { buildProgressCard, progressViewFromRun } from "../../../src/cards/progress-card";
import { textOf, texts } from "../../fixtures/cards/card-query";
import { completedRun, NAMES } from "../../fixtures/cards/sample-runs";

const event = (type: WorkflowEvent["type"], executor: string, outcome?: WorkflowEvent["outcome"]): WorkflowEvent => ({
  type,
  runId: "run-0001",
  at: "2025-06-01T09:00:01.000Z",
  executor,
  ...(outcome ? { outcome } : {}),
});

/** A run in flight: contract working, spend done, negotiation failed (timeout). */
function inFlight(overrides: Partial<RunState> = {}): RunState {
  const { answer: _answer, ...run } = completedRun();
  return {
    ...run,
    status: "running",
    phase: "investigate",
    findings: [],
    events: [
      event("executor_started", "router"),
      event("executor_completed", "router", "ok"),
      event("executor_started", "contract"),
      event("executor_started", "spend"),
      event("executor_started", "negotiation"),
      event("executor_completed", "spend", "ok"),
      event("executor_completed", "negotiation", "timeout"),
    ],
    ...overrides,
  };
}

describe("cards/progress-card", () => {
  const now = new Date("2025-06-01T09:00:04.400Z");

  it("maps executor events to each specialist's status, in the Router's order, with display names and elapsed seconds", () => {
    const view = progressViewFromRun(inFlight(), NAMES, now);
    assert.deepEqual(view.specialists, [
      { id: "contract", name: "Contract specialist", status: "working" },
      { id: "negotiation", name: "Negotiation advisor", status: "failed" },
      { id: "spend", name: "Spend analyst", status: "done" },
    ]);
    assert.equal(view.phase, "specialists");
    assert.equal(view.elapsedSeconds, 4);
  });

  it("shows a re-asked specialist as working again during the quality re-check", () => {
    const run = inFlight({ phase: "reinvestigate" });
    run.events.push(event("executor_completed", "contract", "ok"), event("executor_started", "contract"));
    const view = progressViewFromRun(run, NAMES, now);
    assert.equal(view.phase, "rechecking");
    assert.equal(view.specialists[0].status, "working");
  });

  it("renders the phase line and one row per specialist (en)", () => {
    const card = buildProgressCard(progressViewFromRun(inFlight(), NAMES, now));
    assert.deepEqual(texts(card), [
      "Working on your question",
      "Can we renew the Acme SaaS contract at +8%?",
      "Specialists are investigating…",
      "Contract specialist",
      "working",
      "Negotiation advisor",
      "failed",
      "Spend analyst",
      "done",
      "Elapsed: 4 s",
    ]);
    // Words and colour only: an emoji mark is an empty box where no emoji font is installed.
    assert.doesNotMatch(texts(card).join(" "), /\p{Extended_Pictographic}/u);
  });

  it("renders each phase in Japanese; routing has no specialists yet", () => {
    const expected = {
      route: "担当スペシャリストを選んでいます…",
      moderate: "モデレーターが回答をまとめています…",
      gate: "品質再チェック：不足点を再確認しています…",
    } as const;
    for (const [phase, line] of Object.entries(expected)) {
      const run = inFlight({
        language: "ja",
        phase: phase as RunState["phase"],
        ...(phase === "route" ? { decision: undefined, events: [] } : {}),
      });
      const text = textOf(buildProgressCard(progressViewFromRun(run, NAMES, now)));
      assert.ok(text.includes(line), `${phase}: ${text}`);
      assert.ok(text.includes("経過時間: 4 秒"));
    }
    const routing = buildProgressCard(progressViewFromRun(inFlight({ phase: "route", decision: undefined, events: [] }), NAMES, now));
    assert.ok(!textOf(routing).includes("Contract specialist"));
  });

  it("truncates a long question to a preview", () => {
    const question = "Please compare ".repeat(100);
    const card = buildProgressCard(progressViewFromRun(inFlight({ question }), NAMES, now));
    const shown = texts(card)[1];
    assert.ok(shown.length <= 240 && shown.endsWith("…"), shown);
    assert.ok(shown.startsWith("Please compare Please compare"));
  });
});
