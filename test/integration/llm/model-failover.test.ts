import assert from "node:assert/strict";
import { setTimeout as delay } from "node:timers/promises";
import type { EndpointEvent } from "../../../src/llm/endpoint-pool";
import { createOpenAiCompatibleChatModel } from "../../../src/llm/openai-chat-model";
import type { RetryPolicy, Sleep } from "../../../src/resilience";
import { runQuestion } from "../../../src/workflow/runner";
import { chatRequest } from "../../fakes/scripted-replies";
import { ScriptedModelServer } from "../../fakes/scripted-model-server";
import { workflowHarness } from "../../fakes/workflow-harness";

const FAST_RETRY: RetryPolicy = { maxRetries: 2, initialMs: 10, multiplier: 2, maxMs: 200 };
const finding = { summary: "Cap is 5%.", details: "CTR-0012 caps increases at 5%.", evidence: [], quotes: [], confidence: 0.8 };

/** A base URL where nothing listens: a server started and stopped again. */
async function refusingBaseUrl(): Promise<string> {
  const gone = new ScriptedModelServer();
  const { baseUrl } = await gone.start();
  await gone.stop();
  return baseUrl;
}

describe("model failover across endpoints (two scripted model servers)", function () {
  this.timeout(20_000);
  const primary = new ScriptedModelServer();
  const secondary = new ScriptedModelServer();
  let urls: { primary: string; secondary: string };
  let events: EndpointEvent[];
  before(async () => {
    urls = { primary: (await primary.start()).baseUrl, secondary: (await secondary.start()).baseUrl };
  });
  after(() => Promise.all([primary.stop(), secondary.stop()]));
  beforeEach(() => {
    primary.reset();
    secondary.reset();
    events = [];
  });
  afterEach(function () {
    if (this.currentTest?.state !== "passed") return;
    primary.assertNoUnexpectedCalls();
    secondary.assertNoUnexpectedCalls();
  });

  const model = (options: { minimumRequests?: number; openMs?: number; baseUrls?: string[]; retryAfterBudgetMs?: number } = {}) =>
    createOpenAiCompatibleChatModel({
      baseUrl: options.baseUrls ?? [urls.primary, urls.secondary],
      retry: FAST_RETRY,
      circuit: { failureRate: 0.5, minimumRequests: options.minimumRequests ?? 3, windowMs: 60_000, openMs: options.openMs ?? 60_000 },
      retryAfterBudgetMs: options.retryAfterBudgetMs,
      onEndpointEvent: (event) => events.push(event),
    });

  it("moves a call to the secondary at the primary's first 503, and once the breaker opens sends new calls straight there", async () => {
    primary.fallback("contract", { status: 503 });
    secondary.fallback("contract", finding);
    const chat = model();
    for (let i = 0; i < 4; i++) {
      const outcome = await chat.complete(chatRequest());
      assert.equal(outcome.kind, "ok", `call ${i + 1}`);
    }
    assert.equal(primary.callsFor("contract").length, 3, "three faults open the primary's breaker; the fourth call skips it");
    assert.equal(secondary.callsFor("contract").length, 4);
    // A request counts once, when it ends: the third request's failover comes before the opening it caused.
    assert.deepEqual(
      events.map((e) => e.type),
      ["failover", "failover", "failover", "circuit_opened"],
    );
    assert.deepEqual(events[0], {
      type: "failover",
      from: urls.primary,
      to: urls.secondary,
      fault: { kind: "server_error", cause: "HTTP 503" },
    });
    const [first, second] = chat.endpointStatuses();
    assert.deepEqual(
      { endpoint: first.endpoint, primary: first.primary, state: first.state, lastFailure: first.lastFailure },
      { endpoint: urls.primary, primary: true, state: "open", lastFailure: "HTTP 503" },
    );
    assert.deepEqual({ endpoint: second.endpoint, state: second.state }, { endpoint: urls.secondary, state: "closed" });
  });

  it("lets one half-open probe bring the primary back, and traffic returns to it", async () => {
    primary.script("contract", { status: 500 });
    secondary.fallback("contract", finding);
    const chat = model({ minimumRequests: 1, openMs: 100 });
    assert.equal((await chat.complete(chatRequest())).kind, "ok");
    assert.equal(chat.endpointStatuses()[0].state, "open");

    primary.fallback("contract", finding);
    await delay(150);
    assert.equal(chat.endpointStatuses()[0].state, "half-open");
    for (let i = 0; i < 3; i++) assert.equal((await chat.complete(chatRequest())).kind, "ok");
    assert.equal(primary.callsFor("contract").length, 4, "the probe and every call after it went to the primary");
    assert.equal(secondary.callsFor("contract").length, 1);
    assert.deepEqual(
      events.map((e) => e.type),
      ["failover", "circuit_opened", "circuit_closed"],
    );
    assert.equal(chat.endpointStatuses()[0].state, "closed");
  });

  it("fails over at once when the primary refuses connections", async () => {
    secondary.fallback("contract", finding);
    const chat = model({ baseUrls: [await refusingBaseUrl(), urls.secondary] });
    const outcome = await chat.complete(chatRequest());
    assert.equal(outcome.kind, "ok");
    assert.equal(events[0]?.type === "failover" && events[0].fault.kind, "refused");
  });

  it("waits out a short Retry-After on the same endpoint, but moves on from a long one", async () => {
    primary.script("contract", { status: 429, headers: { "retry-after-ms": "20" } }, finding, {
      status: 429,
      headers: { "retry-after": "60" },
    });
    secondary.script("contract", finding);
    const chat = model({ retryAfterBudgetMs: 1000 });
    assert.equal((await chat.complete(chatRequest())).kind, "ok");
    assert.equal(secondary.callsFor("contract").length, 0, "a 20 ms Retry-After is within the budget: no failover");
    assert.equal((await chat.complete(chatRequest())).kind, "ok");
    assert.equal(secondary.callsFor("contract").length, 1, "a 60 s Retry-After is beyond it");
    assert.deepEqual(
      events.map((e) => (e.type === "failover" ? e.fault.kind : e.type)),
      ["rate_limited"],
    );
  });

  it("does not fail over on a 400: the request is at fault, not the endpoint", async () => {
    primary.script("contract", { status: 400 });
    const chat = model();
    const outcome = await chat.complete(chatRequest());
    assert.equal(outcome.kind, "error");
    assert.deepEqual(events, []);
    assert.equal(chat.endpointStatuses()[0].state, "closed");
  });

  it("fails a run quickly when every endpoint is unreachable, naming each of them", async () => {
    const down = [await refusingBaseUrl(), await refusingBaseUrl()];
    const waits: number[] = [];
    const sleep: Sleep = async (ms) => void waits.push(ms);
    // Production back-off (2 s, ×2): a refused connection must not go through it.
    const chat = createOpenAiCompatibleChatModel({
      baseUrl: down,
      retry: { maxRetries: 4, initialMs: 2000, multiplier: 2, maxMs: 30_000 },
      sleep,
    });
    const { deps } = workflowHarness(chat);
    const state = await runQuestion(deps, { question: "Can we renew the Acme SaaS contract at +8%?" });
    assert.equal(state.status, "failed");
    for (const url of down) assert.ok(state.failure!.message.includes(url), `names ${url}: ${state.failure!.message}`);
    assert.match(state.failure!.message, /cannot reach the model endpoint/);
    assert.deepEqual(waits, [], "no back-off was slept");
  });
});
