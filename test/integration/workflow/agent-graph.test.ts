import assert from "node:assert/strict";
import type { ModeratorAnswer, RouterOutput } from "../../../src/domain";
import { runQuestion } from "../../../src/workflow/runner";
import { readAgentFields } from "../../../src/workflow/agent-message";
import { ScriptedModelServer, type ScriptStep } from "../../fakes/scripted-model-server";
import { sampleEvidencePlanner, scriptedModel, workflowHarness } from "../../fakes/workflow-harness";
import { findingReply, moderatorReply, quoting, RENEWAL_QUESTION, routerReply } from "../../fakes/scripted-replies";

const route = (selected: string[], extra: Partial<RouterOutput> = {}) =>
  routerReply(selected, { reason: "contract and price question", ...extra });
const finding = (summary: string, referenceId = "CTR-0001") =>
  findingReply(summary, {
    details: `${summary} (details)`,
    ...quoting({ source: "contract", referenceId, quote: "price increases capped at 5% per year" }),
  });
const answer = (qscore: number, extra: Partial<ModeratorAnswer> = {}): ModeratorAnswer =>
  moderatorReply({
    conclusion: "Not at +8%: the contract caps increases at 5%.",
    qscore,
    critique: qscore < 80 ? "Missing the spend trend for Acme." : "",
    ...extra,
  });
/** When a recorded call ended; NaN while it is still in flight, so any comparison with it fails. */
const endOf = (call: { endedAt?: number }): number => call.endedAt ?? Number.NaN;
/** A specialist that looks up one tool, then answers. */
const withTool = (tool: string, args: Record<string, unknown>, reply: ScriptStep): ScriptStep[] => [
  { toolCalls: [{ name: tool, arguments: args }] },
  reply,
];

describe("agent graph against a scripted model server", function () {
  this.timeout(20_000);
  const server = new ScriptedModelServer();
  let baseUrl: string;
  before(async () => ({ baseUrl } = await server.start()));
  after(() => server.stop());
  beforeEach(() => server.reset());
  afterEach(function () {
    if (this.currentTest?.state === "passed") server.assertNoUnexpectedCalls();
  });

  it("runs only the selected specialists, in parallel, with tools, and merges a cited answer", async () => {
    server
      .script("router", route(["contract", "spend"]))
      .script(
        "contract",
        ...withTool("searchContracts", { query: "SaaS renewal", supplier: "Acme" }, { delayMs: 1000, then: finding("Cap is 5%.") }),
      )
      .script(
        "spend",
        ...withTool(
          "querySpend",
          { supplier: "Acme", category: null, costCenter: null, fiscalYear: null, from: null, to: null, groupBy: "fiscalYear" },
          { delayMs: 1000, then: finding("Spend grew 12%.", "SPEND-ACME") },
        ),
      )
      .script("moderator", answer(91));
    const { deps, events } = workflowHarness(scriptedModel(baseUrl));
    const state = await runQuestion(deps, { question: RENEWAL_QUESTION });

    assert.equal(state.status, "answered");
    assert.deepEqual(state.decision?.selected, ["contract", "spend"]);
    assert.equal(state.answer?.qscore, 91);
    assert.deepEqual(state.quality, { initialScore: 91, finalScore: 91, retried: false });
    assert.deepEqual(server.calls.map((c) => c.agentId).sort(), ["contract", "contract", "moderator", "router", "spend", "spend"]);
    for (const call of server.calls) assert.equal(call.headers["x-agent-id"], call.agentId);

    // The two specialists' final calls overlap in time: they ran at once, not one after another.
    const [contract, spend] = [server.callsFor("contract")[1], server.callsFor("spend")[1]];
    assert.ok(contract.startedAt < endOf(spend) && spend.startedAt < endOf(contract), "specialist calls overlap");

    // The real tool ran and its evidence went back to the model in the tool message.
    const toolMessage = server.callsFor("contract")[1].body.messages.find((m) => m.role === "tool");
    const content = JSON.parse((toolMessage as { content: string }).content);
    assert.equal(content.tool, "searchContracts");
    assert.equal(content.ok, true);
    assert.ok(content.evidence.length > 0, "the tool returned citable evidence");
    const contractFinding = state.findings.find((f) => f.specialist === "contract");
    assert.equal(contractFinding?.toolCalls[0]?.name, "searchContracts");
    assert.equal(contractFinding?.toolCalls[0]?.ok, true);

    // The moderator saw both findings and the router metadata.
    const moderatorInput = server.callsFor("moderator")[0].body.messages.at(-1) as { content: string };
    assert.match(moderatorInput.content, /Cap is 5%/);
    assert.match(moderatorInput.content, /Spend grew 12%/);
    assert.match(moderatorInput.content, /"evidenceNeed": "high"/);

    const completed = events
      .filter((e) => e.type === "executor_completed")
      .map((e) => e.executor)
      .sort();
    assert.deepEqual(completed, ["contract", "moderator", "router", "spend"]);
    assert.ok(events.every((e) => e.type !== "executor_completed" || (e.durationMs ?? -1) >= 0));
    assert.equal(state.usage.inputTokens, 600);
  });

  it("falls back to Knowledge alone when the router's output is invalid, after one repair", async () => {
    server
      .script("router", { content: "I think contract" }, route(["legal-team"]))
      .script("knowledge", finding("Policy POL-1 applies.", "POL-1"))
      .script("moderator", answer(85));
    const { deps } = workflowHarness(scriptedModel(baseUrl));
    const state = await runQuestion(deps, { question: RENEWAL_QUESTION });

    assert.equal(state.status, "answered");
    assert.equal(state.decision?.fallback, true);
    assert.deepEqual(state.decision?.selected, ["knowledge"]);
    assert.match(state.decision.reason, /router invalid output: .*unknown specialist id 'legal-team'/);
    assert.equal(server.callsFor("router").length, 2, "exactly one repair attempt");
    const repair = server.callsFor("router")[1].body.messages.at(-1) as { content: string };
    assert.match(repair.content, /not valid JSON/);
  });

  it("excludes a failing specialist and tells the moderator which one and why", async () => {
    server
      .script("router", route(["contract", "spend"]))
      .script("contract", finding("Cap is 5%."))
      .fallback("spend", { status: 500 })
      .script("moderator", answer(88));
    const { deps } = workflowHarness(scriptedModel(baseUrl, 1));
    const state = await runQuestion(deps, { question: RENEWAL_QUESTION });

    assert.equal(state.status, "answered");
    const spend = state.findings.find((f) => f.specialist === "spend");
    assert.equal(spend?.status, "failed");
    assert.match(spend?.status === "failed" ? spend.error : "", /error: .*500/);
    assert.equal(server.callsFor("spend").length, 2, "one retry, then give up");
    const moderatorInput = server.callsFor("moderator")[0].body.messages.at(-1) as { content: string };
    assert.match(moderatorInput.content, /"failures": \[\s*\{\s*"error": "[^"]*500[^"]*",\s*"specialist": "spend"/);
  });

  it("re-asks the top-priority specialists exactly once when QSCORE is below the threshold", async () => {
    server
      .script("router", route(["contract", "negotiation", "spend"]))
      .script("contract", finding("Cap is 5%."), finding("Cap is 5%; renewal 2027-02-01."))
      .script("negotiation", finding("Counter at +3%."), finding("Counter at +3%, benchmark median 3.5%."))
      .script("spend", finding("Spend grew 12%.", "SPEND-1"))
      .script("moderator", answer(62), answer(74));
    const { deps } = workflowHarness(scriptedModel(baseUrl), { REQUERY_SPECIALISTS: "2" });
    const state = await runQuestion(deps, { question: RENEWAL_QUESTION });

    assert.equal(state.status, "answered");
    assert.deepEqual(state.quality, { initialScore: 62, finalScore: 74, retried: true });
    assert.equal(server.callsFor("moderator").length, 2, "never a third moderation");
    assert.equal(server.callsFor("spend").length, 1, "only the top two are re-asked");
    const requery = server.callsFor("contract")[1].body.messages.at(-1) as { content: string };
    assert.match(requery.content, /Missing the spend trend for Acme/);
    const revised = state.findings.find((f) => f.specialist === "contract");
    assert.match(revised?.status === "ok" ? revised.summary : "", /renewal 2027-02-01/);
  });

  it("reruns the whole flow once when the moderator fails, then succeeds", async () => {
    server
      .script("router", route(["contract"]), route(["contract"]))
      .script("contract", finding("Cap is 5%."), finding("Cap is 5%."))
      .script("moderator", { content: "{" }, { content: '{"conclusion": 1}' }, answer(90));
    const { deps } = workflowHarness(scriptedModel(baseUrl));
    const state = await runQuestion(deps, { question: RENEWAL_QUESTION });
    assert.equal(state.status, "answered");
    assert.equal(state.attempts, 2);
    assert.equal(server.callsFor("router").length, 2);
  });

  it("fails clearly with a correlation id when the moderator fails twice", async () => {
    server
      .script("router", route(["contract"]), route(["contract"]))
      .script("contract", finding("Cap is 5%."), finding("Cap is 5%."))
      .fallback("moderator", { content: "no json here" });
    const { deps, store } = workflowHarness(scriptedModel(baseUrl));
    const state = await runQuestion(deps, { question: RENEWAL_QUESTION });
    assert.equal(state.status, "failed");
    assert.equal(state.failure?.correlationId, state.runId);
    assert.match(state.failure.message, /Moderator could not produce an answer \(invalid_output/);
    assert.equal(server.callsFor("moderator").length, 4, "two attempts, each with one repair");
    assert.equal((await store.load(state.runId))?.status, "failed", "the terminal state is persisted");
  });

  it("honours Retry-After on 429 and succeeds", async () => {
    server
      .script("router", { status: 429, headers: { "retry-after": "0.15" } }, route(["contract"]))
      .script("contract", finding("Cap is 5%."))
      .script("moderator", answer(90));
    const { deps, events } = workflowHarness(scriptedModel(baseUrl));
    const state = await runQuestion(deps, { question: RENEWAL_QUESTION });
    assert.equal(state.status, "answered");
    const [first, second] = server.callsFor("router");
    assert.ok(second.startedAt - endOf(first) >= 140, "waited for Retry-After");
    assert.equal(events.find((e) => e.executor === "router" && e.type === "executor_completed")?.attempt, 2);
  });

  it("times out a hanging specialist and answers with the others", async () => {
    server
      .script("router", route(["contract", "spend"]))
      .script("contract", finding("Cap is 5%."))
      .fallback("spend", { hang: true })
      .script("moderator", answer(85));
    const { deps } = workflowHarness(scriptedModel(baseUrl, 0), { SPECIALIST_TIMEOUT_MS: "600" });
    const started = Date.now();
    const state = await runQuestion(deps, { question: RENEWAL_QUESTION });
    assert.equal(state.status, "answered");
    const spend = state.findings.find((f) => f.specialist === "spend");
    assert.match(spend?.status === "failed" ? spend.error : "", /timeout/);
    assert.ok(Date.now() - started < 5000);
  });

  it("starts the Moderator MODERATOR_WAIT_MS after the first finding, noting the late specialist rather than dropping it silently", async () => {
    server
      .script("router", route(["contract", "spend"]))
      .script("contract", finding("Cap is 5%."))
      .fallback("spend", { hang: true })
      .script("moderator", answer(85));
    // Without the wait, the hanging specialist would hold the answer until its own timeout, and fail as timed out.
    const { deps, events } = workflowHarness(scriptedModel(baseUrl, 0), { SPECIALIST_TIMEOUT_MS: "15000", MODERATOR_WAIT_MS: "300" });
    const state = await runQuestion(deps, { question: RENEWAL_QUESTION });
    assert.equal(state.status, "answered");
    assert.deepEqual(
      state.findings.map((f) => [f.specialist, f.status]),
      [
        ["contract", "ok"],
        ["spend", "failed"],
      ],
    );
    const late = "late: no finding 0.3 s after the first specialist answered; the answer was written without it";
    const moderatorInput = readAgentFields((server.callsFor("moderator")[0].body.messages.at(-1) as { content: string }).content);
    assert.deepEqual(moderatorInput?.failures, [{ specialist: "spend", error: late }], "the Moderator is told who is missing and why");
    assert.equal(
      events.find((e) => e.type === "phase_completed" && e.phase === "investigate")?.detail,
      "the Moderator started without spend: still working 0.3 s after the first finding",
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(server.callsFor("spend")[0]?.aborted, true, "the late specialist was stopped");
  });

  it("runs a rebuttal round in debate mode", async () => {
    server
      .script("router", route(["contract", "negotiation"], { debateMode: "debate" }))
      .script("contract", finding("Cap is 5%."), finding("Cap is 5%; agree with +3%."))
      .script("negotiation", finding("Push for +3%."), finding("+3% fits under the cap."))
      .script("moderator", answer(90));
    const { deps } = workflowHarness(scriptedModel(baseUrl));
    const state = await runQuestion(deps, { question: RENEWAL_QUESTION });
    assert.equal(state.status, "answered");
    const debate = server.callsFor("negotiation")[1].body.messages.at(-1) as { content: string };
    assert.match(debate.content, /"round": "debate"/);
    assert.match(debate.content, /Cap is 5%\./, "peers' findings are shown");
    assert.equal((state.findings.find((f) => f.specialist === "negotiation") as { summary: string }).summary, "+3% fits under the cap.");
  });

  it("pauses for approval when the router or a policy rule asks for a human", async () => {
    server
      .script("router", route(["contract"], { hitl: true, reason: "commits a renewal" }))
      .script("contract", finding("Cap is 5%."))
      .script("moderator", answer(90));
    const { deps } = workflowHarness(scriptedModel(baseUrl));
    const state = await runQuestion(deps, { question: "Renew Acme for ¥30,000,000 at +8%?" });
    assert.equal(state.status, "awaiting_approval");
    assert.equal((state.approval?.reasons ?? []).length, 2);
    assert.match((state.approval?.reasons ?? []).join("\n"), /router: commits a renewal/);
    assert.match((state.approval?.reasons ?? []).join("\n"), /policy: amount ¥30,000,000/);
  });

  it("replies out of scope when the Router says the question is not about procurement: no specialist, no moderator, no QSCORE", async () => {
    server.script("router", route(["knowledge"], { inScope: false, scopeReason: "A weather question, not procurement." }));
    const { deps, events } = workflowHarness(scriptedModel(baseUrl));
    const state = await runQuestion(deps, { question: "What will the weather be in Tokyo tomorrow?" });
    assert.equal(state.status, "out_of_scope");
    assert.equal(state.decision?.scopeReason, "A weather question, not procurement.");
    assert.deepEqual(state.findings, []);
    assert.equal(state.answer, undefined);
    assert.deepEqual(state.quality, { initialScore: null, finalScore: null, retried: false });
    assert.deepEqual(
      server.calls.map((call) => call.agentId),
      ["router"],
    );
    assert.equal(events.find((e) => e.type === "run_completed")?.detail, "out_of_scope");
  });

  it("gives a question about a rule its answer at once, even with an amount above the approval threshold", async () => {
    server
      .script("router", route(["knowledge"]))
      .script("knowledge", finding("The CPO approves from ¥10,000,000.", "POL-APPROVAL-MATRIX §3"))
      .script("moderator", answer(90));
    const { deps } = workflowHarness(scriptedModel(baseUrl));
    const state = await runQuestion(deps, { question: "Who must approve a purchase order of ¥12,000,000?" });
    assert.equal(state.status, "answered");
    assert.deepEqual(state.approval?.reasons ?? [], []);
  });

  describe("speculative specialists (the route guess starts them with the Router)", () => {
    /** Workflow deps with the evidence planner the composition root wires (it guesses the route too). */
    async function guessingHarness(env: Record<string, string> = {}) {
      const harness = workflowHarness(scriptedModel(baseUrl), env);
      harness.deps.evidencePlanner = await sampleEvidencePlanner();
      return harness;
    }

    it("starts the guessed specialist with the Router and uses its finding when the Router chooses it", async () => {
      server
        .script("router", { delayMs: 120, then: route(["sourcing"]) })
        .script("sourcing", { delayMs: 120, then: finding("Policy says three quotes.", "POL-SOURCING §2") })
        .script("moderator", answer(90));
      const { deps, events } = await guessingHarness();
      const state = await runQuestion(deps, { question: "How many quotes do I need?" });
      assert.equal(state.status, "answered");
      const [router, sourcing] = [server.callsFor("router")[0], server.callsFor("sourcing")[0]];
      assert.equal(server.callsFor("sourcing").length, 1, "not asked twice");
      assert.ok(sourcing.startedAt < endOf(router), "the guessed specialist started before the Router answered");
      const used = state.findings.find((f) => f.specialist === "sourcing");
      assert.equal(used?.status === "ok" && used.summary, "Policy says three quotes.");
      assert.equal(state.answer?.conclusion, "Not at +8%: the contract caps increases at 5%.");
      assert.ok(!events.some((e) => e.detail?.startsWith("speculative start cancelled")));
    });

    it("cancels a guessed specialist the Router does not choose, says so, and answers without it", async () => {
      // The guess for the renewal question is Contract and Negotiation; the Router picks Contract alone.
      server
        .script("router", { delayMs: 50, then: route(["contract"]) })
        .script("negotiation", { hang: true })
        .script("contract", finding("Cap is 5%."))
        .script("moderator", answer(90));
      const { deps, events } = await guessingHarness();
      const state = await runQuestion(deps, { question: RENEWAL_QUESTION });
      assert.equal(state.status, "answered");
      assert.deepEqual(
        state.findings.map((f) => f.specialist),
        ["contract"],
      );
      assert.equal(server.callsFor("contract").length, 1, "the confirmed guess was not asked twice");
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.equal(server.callsFor("negotiation")[0]?.aborted, true, "the request was cancelled");
      assert.equal(events.find((e) => e.executor === "negotiation" && e.type === "executor_completed")?.outcome, "cancelled");
      assert.equal(
        events.find((e) => e.phase === "route" && e.type === "phase_completed")?.detail,
        "speculative start cancelled, not chosen by the Router: negotiation",
      );
      const moderatorInput = readAgentFields((server.callsFor("moderator")[0].body.messages.at(-1) as { content: string }).content);
      assert.deepEqual(moderatorInput?.failures, [], "a cancelled guess is no failure the Moderator is told about");
    });

    it("starts nobody before the Router with SPECULATIVE_SPECIALISTS=false", async () => {
      server
        .script("router", { delayMs: 50, then: route(["sourcing"]) })
        .script("sourcing", finding("Policy says three quotes.", "POL-SOURCING §2"))
        .script("moderator", answer(90));
      const { deps } = await guessingHarness({ SPECULATIVE_SPECIALISTS: "false" });
      await runQuestion(deps, { question: "How many quotes do I need?" });
      assert.ok(server.callsFor("sourcing")[0].startedAt >= endOf(server.callsFor("router")[0]), "the specialist waited for the Router");
    });
  });
});
