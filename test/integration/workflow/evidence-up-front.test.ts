import assert from "node:assert/strict";
import { criticalPath } from "../../../bench/critical-path";
import { runQuestion } from "../../../src/workflow/runner";
import type { ScriptStep } from "../../fakes/scripted-model-server";
import { RENEWAL_QUESTION, findingReply, moderatorReply, routerReply } from "../../fakes/scripted-replies";
import { sampleEvidencePlanner, scriptedModel, useScriptedModelServer, workflowHarness } from "../../fakes/workflow-harness";

/** A specialist as real models behave: it asks for `tool` unless its prompt already holds tool results, then answers. */
const specialist =
  (tool: string, args: Record<string, unknown>, summary: string): ScriptStep =>
  (body) =>
    body.messages.some((m) => m.role === "tool") ? findingReply(summary) : { toolCalls: [{ name: tool, arguments: args }] };

/** The planner also guesses whom to start early; these tests measure the evidence alone. */
const EVIDENCE_ALONE = { SPECULATIVE_SPECIALISTS: "false" };

describe("evidence up front: the tools the question implies run while the Router decides", function () {
  this.timeout(20_000);
  const { server, baseUrl } = useScriptedModelServer();

  beforeEach(() => {
    server
      .fallback("router", routerReply(["contract", "spend"]))
      .fallback("contract", specialist("searchContracts", { query: "Acme SaaS renewal", supplier: "Acme" }, "Cap is 5%."))
      .fallback(
        "spend",
        specialist(
          "querySpend",
          { supplier: "Acme", category: null, costCenter: null, fiscalYear: null, from: null, to: null, groupBy: "fiscalYear" },
          "Spend grew 12%.",
        ),
      )
      .fallback("moderator", moderatorReply());
  });

  it("without it, a two-specialist question spends four model calls in sequence (Router → tool call → answer → Moderator)", async () => {
    const { deps } = workflowHarness(scriptedModel(baseUrl()));
    const state = await runQuestion(deps, { question: RENEWAL_QUESTION });

    assert.equal(state.status, "answered");
    const [router, toolCall, answer, moderator] = criticalPath(server.calls).chain.map((c) => c.agentId);
    assert.equal(criticalPath(server.calls).chain.length, 4);
    assert.deepEqual([router, moderator], ["router", "moderator"]);
    assert.equal(toolCall, answer, "the same specialist's tool call, then its answer");
  });

  it("with it, each specialist answers in its first call from the evidence in its prompt: three calls in sequence", async () => {
    const { deps } = workflowHarness(scriptedModel(baseUrl()), EVIDENCE_ALONE);
    deps.evidencePlanner = await sampleEvidencePlanner();
    const state = await runQuestion(deps, { question: RENEWAL_QUESTION });

    assert.equal(state.status, "answered");
    assert.equal(server.callsFor("contract").length, 1);
    assert.equal(server.callsFor("spend").length, 1);
    const chain = criticalPath(server.calls).chain.map((c) => c.agentId);
    assert.equal(chain.length, 3);
    assert.equal(chain[0], "router");
    assert.equal(chain[2], "moderator");

    // The contract specialist's first prompt holds the contract search for the supplier the question names.
    const first = server.callsFor("contract")[0].body;
    const asked = first.messages.find((m) => m.role === "assistant" && m.tool_calls);
    const search = (asked as { tool_calls: { function: { name: string; arguments: string } }[] }).tool_calls.find(
      (c) => c.function.name === "searchContracts",
    );
    assert.ok(search, "searchContracts was run up front");
    assert.match(JSON.parse(search.function.arguments).supplier, /Acme/);
    const results = first.messages.filter((m) => m.role === "tool").map((m) => JSON.parse(m.content));
    const contracts = results.find((r) => r.tool === "searchContracts");
    assert.equal(contracts.ok, true);
    assert.ok(contracts.evidence.length > 0, "the contract search returned citable evidence");
    // Tools stay offered for what the specialist still needs.
    assert.ok(first.tools?.some((t) => t.function.name === "searchContracts"));

    // The calls made up front are recorded as the specialist's, as if it had asked for them.
    const contractFinding = state.findings.find((f) => f.specialist === "contract");
    assert.ok(contractFinding?.toolCalls.some((c) => c.name === "searchContracts" && c.ok));
    // A specialist is given only calls of its own tools.
    const spendTools = server
      .callsFor("spend")[0]
      .body.messages.filter((m) => m.role === "tool")
      .map((m) => JSON.parse(m.content).tool);
    const spendOwn = deps.prompts.specialists.find((s) => s.id === "spend")?.tools ?? [];
    assert.ok(spendTools.length > 0 && spendTools.every((t: string) => spendOwn.includes(t)), `spend got ${spendTools.join(", ")}`);
  });

  it("a specialist cites a record of its up-front evidence by reference alone: the finding and the Moderator get the tool's quote", async () => {
    // As a model may still cite a record a tool returned: its reference id written out instead of its handle, no quote.
    server.fallback("contract", (body) => {
      const contracts = body.messages
        .filter((m) => m.role === "tool")
        .map((m) => JSON.parse(m.content) as { tool: string; evidence: { referenceId: string; quote: string }[] });
      const cited = contracts.find((r) => r.tool === "searchContracts")?.evidence[0];
      return {
        ...findingReply("Cap is 5%."),
        evidence: cited ? [cited.referenceId, "CTR-0999"] : [],
        quotes: [],
      };
    });
    const { deps } = workflowHarness(scriptedModel(baseUrl()), EVIDENCE_ALONE);
    deps.evidencePlanner = await sampleEvidencePlanner();
    const state = await runQuestion(deps, { question: RENEWAL_QUESTION });

    assert.equal(state.status, "answered");
    const returned = server
      .callsFor("contract")[0]
      .body.messages.filter((m) => m.role === "tool")
      .map(
        (m) => JSON.parse(m.content) as { tool: string; evidence: { ref: string; source: string; referenceId: string; quote: string }[] },
      )
      .find((r) => r.tool === "searchContracts")?.evidence[0];
    assert.ok(returned, "the contract search returned evidence up front");
    assert.equal(returned.ref, "E1", "the record is shown beside its handle");
    const finding = state.findings.find((f) => f.specialist === "contract");
    assert.equal(finding?.status, "ok");
    // The reference no tool returned has nothing to show or check: it is left out.
    assert.deepEqual(
      finding?.status === "ok" ? finding.evidence.map(({ source, referenceId, quote }) => ({ source, referenceId, quote })) : [],
      [{ source: returned.source, referenceId: returned.referenceId, quote: returned.quote }],
    );
    const moderatorInput = JSON.stringify(server.callsFor("moderator")[0].body.messages);
    assert.ok(moderatorInput.includes(JSON.stringify(returned.quote).slice(1, -1)), "the Moderator reads the tool's quote");
  });

  it("for a Japanese question the tools' wording arrives in Japanese, so a record cited by reference reads in Japanese", async () => {
    const quotesOf = (body: { messages: { role: string; content?: unknown }[] }) =>
      body.messages
        .filter((m) => m.role === "tool")
        .flatMap((m) => (JSON.parse(String(m.content)) as { evidence: { referenceId: string; quote: string }[] }).evidence);
    server.fallback("contract", (body) => ({
      ...findingReply("上限は5%です。"),
      evidence: quotesOf(body).map(({ referenceId }) => referenceId),
      quotes: [],
    }));
    const { deps } = workflowHarness(scriptedModel(baseUrl()), EVIDENCE_ALONE);
    deps.evidencePlanner = await sampleEvidencePlanner();
    const state = await runQuestion(deps, { question: "AcmeのSaaS契約を+8%で更新できますか？" });

    assert.equal(state.status, "answered");
    const sent = quotesOf(server.callsFor("contract")[0].body);
    const contract = sent.find((item) => item.referenceId === "CTR-0001");
    assert.ok(contract, "the Acme contract was looked up front");
    assert.match(contract.quote, /値上げ上限 年5%/);
    assert.doesNotMatch(contract.quote, /price increase cap|per year/);
    const finding = state.findings.find((f) => f.specialist === "contract");
    assert.equal(finding?.status === "ok" ? finding.evidence.find((e) => e.referenceId === "CTR-0001")?.quote : undefined, contract.quote);
  });
});
