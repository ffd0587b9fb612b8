import assert from "node:assert/strict";
import type { OperatorNotice } from "../../../src/domain";
import { createOperatorNotices, firstWords } from "../../../src/operators";
import { testConfig } from "../../fakes/test-config";
import { FakeConnector, cardOf, cardTexts } from "../../fakes/fake-connector";
import { teamsApprovalMessaging } from "../approvals/approval-harness";

const CHANNEL = "19:operators@thread.tacv2";

describe("operator notices in the operators' channel (fake connector)", function () {
  this.timeout(20_000);
  const connector = new FakeConnector();
  let serviceUrl: string;
  let now: number;
  let logged: string[];
  before(async () => (serviceUrl = await connector.start()));
  after(() => connector.stop());
  beforeEach(() => {
    now = Date.parse("2026-11-23T10:00:00Z");
    logged = [];
  });

  const posted = () => connector.createdThreads.filter((t) => t.conversationId === CHANNEL);
  /** Built from OPERATOR_* settings as the bot builds it; `settings` overrides them (the defaults: 20 per hour, a 10-minute window). */
  const notices = (settings: Record<string, string | undefined> = {}) =>
    createOperatorNotices(testConfig({ OPERATOR_CHANNEL_ID: CHANNEL, ...settings }), {
      poster: teamsApprovalMessaging(),
      clock: { now: () => new Date(now) },
      log: (line) => logged.push(line),
    });
  const notice = (overrides: Partial<OperatorNotice> = {}): OperatorNotice => ({
    kind: "run_failed",
    runId: `run-${Math.random().toString(36).slice(2)}`,
    correlationId: "corr-1",
    errorKind: "moderator:invalid_output",
    attempts: 2,
    question: "Can we renew the Acme SaaS contract at +8% for three more years?",
    serviceUrl,
    ...overrides,
  });

  it("posts a card with the run id, error kind, correlation id and transaction link, and no question unless allowed", async () => {
    const before = posted().length;
    const first = notice({ runId: "run-a", correlationId: "corr-a" });
    const outcome = await notices({ OPERATOR_TRANSACTION_URL: "https://portal.example/search?q={correlationId}&run={runId}" }).notify(
      first,
    );
    assert.equal(outcome, "posted");
    const texts = cardTexts(cardOf(posted()[before]));
    assert.ok(texts.includes("A run failed"));
    for (const value of ["run-a", "moderator:invalid_output", "corr-a", "2"])
      assert.ok(texts.includes(value), `shows ${value}: ${texts.join(" | ")}`);
    assert.ok(texts.some((t) => t.includes("(https://portal.example/search?q=corr-a&run=run-a)")));
    assert.ok(!texts.some((t) => t.includes("Acme")), "the question is not shown by default");

    await notices({ OPERATOR_NOTICE_QUESTION_WORDS: "4" }).notify(notice({ errorKind: "knowledge:error" }));
    assert.ok(cardTexts(cardOf(posted().at(-1)!)).includes("Can we renew the…"));
  });

  it("posts one card per run, holds back the same error kind within the window, and counts what it held back", async () => {
    const operators = notices();
    const run = notice({ errorKind: "router:timeout" });
    assert.equal(await operators.notify(run), "posted");
    assert.equal(await operators.notify(run), "duplicate", "the same run twice (a redelivery)");
    assert.equal(
      await operators.notify(notice({ errorKind: "router:timeout" })),
      "duplicate",
      "another run, same error, within 10 minutes",
    );
    now += 600_000;
    const before = posted().length;
    assert.equal(await operators.notify(notice({ errorKind: "router:timeout" })), "posted");
    assert.equal(posted().length, before + 1);
    assert.ok(cardTexts(cardOf(posted().at(-1)!)).some((t) => t.startsWith("1 more notice(s) were held back")));
  });

  it("holds back notices beyond the hourly limit", async () => {
    const operators = notices({ OPERATOR_NOTICES_PER_HOUR: "2" });
    const outcomes = [];
    for (const errorKind of ["a:error", "b:error", "c:error"]) outcomes.push(await operators.notify(notice({ errorKind })));
    assert.deepEqual(outcomes, ["posted", "posted", "rate_limited"]);
    now += 3_600_000;
    assert.equal(await operators.notify(notice({ errorKind: "d:error" })), "posted");
  });

  it("says why nothing was posted: no channel, no serviceUrl, or a malformed notice", async () => {
    assert.equal(await notices({ OPERATOR_CHANNEL_ID: undefined }).notify(notice()), "no_channel");
    assert.equal(await notices().notify(notice({ serviceUrl: undefined })), "no_channel");
    assert.match(logged.join("\n"), /no serviceUrl \(set OPERATOR_SERVICE_URL\)/);
    assert.equal(await notices().notify({ ...notice(), runId: "" }), "failed");
    assert.match(logged.at(-1)!, /operator notice refused: runId/);
  });

  it("cuts a question to its first words, Japanese included", () => {
    assert.equal(firstWords("How many quotes do I need?", 3), "How many quotes…");
    assert.equal(firstWords("How many?", 5), "How many?");
    assert.ok(firstWords("取引先A社の支出推移は？", 2).endsWith("…"));
    assert.ok(firstWords("取引先A社の支出推移は？", 2).length < "取引先A社の支出推移は？".length);
  });
});
