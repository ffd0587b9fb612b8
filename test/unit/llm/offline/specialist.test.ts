import assert from "node:assert/strict";
import { FINDING_DETAILS_CHARS, FINDING_SUMMARY_CHARS, FindingOutputSchema, type EvidenceItem, type Finding } from "../../../../src/domain";
import { createOfflineChatModel } from "../../../../src/llm/offline";
import { buildQuestionVocabulary } from "../../../../src/tools/question/vocabulary";
import { createInMemoryProcurementData, createToolRegistry, generateSampleDataSet } from "../../../../src/tools";
import type { SpecialistRound } from "../../../../src/domain";
import type { ChatMessage, ChatModel, ModelToolCall, ToolRegistry, ToolSpec } from "../../../../src/workflow/ports";
import { renderAgentMessages } from "../../../../src/workflow/agent-message";
import { EvidenceHandles } from "../../../../src/workflow/evidence-handles";
import { linkEvidence, linkedEvidenceOf } from "../../../../src/workflow/evidence-links";
import { runToolCalls, toolSpecsOf } from "../../../../src/workflow/steps/tool-runner";
import { findingRequest, specialistInputFor } from "../../../fakes/specialist-input";

const clock = { now: () => new Date("2026-11-21T09:00:00Z") };

/** One specialist conversation driven the way the workflow drives it: tools, then the answer. */
async function consult(
  model: ChatModel,
  registry: ToolRegistry,
  id: string,
  question: string,
  extra: { round?: SpecialistRound; previous?: Finding; peers?: Finding[]; critique?: string } = {},
): Promise<{
  calls: { name: string; args: Record<string, unknown> }[];
  finding: Omit<Extract<Finding, { status: "ok" }>, "specialist" | "status">;
  /** What the engine wrote in `evidence`, before the step resolved it. */
  cited: string[];
}> {
  const handles = new EvidenceHandles();
  // Shown as the specialist step shows them: each cited record beside its handle.
  const { definition, input } = specialistInputFor(id, question, {
    round: extra.round,
    critique: extra.critique,
    peers: extra.peers && handles.showFindings(extra.peers),
    previous: extra.previous && handles.showFindings([extra.previous])[0],
  });
  // What the specialist step offers the model: each tool's spec, with its offline hints.
  const tools: ToolSpec[] = toolSpecsOf(registry, definition.tools);
  const messages: ChatMessage[] = renderAgentMessages(definition.systemPrompt, input);
  const request = (offer: boolean) => findingRequest(id, messages, offer ? tools : undefined);
  const first = await model.complete(request(true));
  assert.equal(first.kind, "ok");
  if (first.kind !== "ok") throw new Error("unreachable");
  let toolCalls: Finding["toolCalls"] = [];
  let calls: ModelToolCall[] = [];
  let toolEvidence: EvidenceItem[] = [];
  let final = first;
  if (first.toolCalls.length > 0) {
    calls = first.toolCalls;
    const results = await runToolCalls(registry, definition.tools, first.toolCalls, input.language);
    messages.push({ role: "assistant", content: "", toolCalls: first.toolCalls });
    for (const result of results)
      messages.push({ role: "tool", toolCallId: result.call.id, content: JSON.stringify(handles.showToolContent(result.content)) });
    toolCalls = results.map((r) => r.record);
    toolEvidence = results.flatMap((r) => r.evidence);
    const second = await model.complete(request(false));
    assert.equal(second.kind, "ok");
    if (second.kind !== "ok") throw new Error("unreachable");
    final = second;
  }
  // As the specialist step keeps it: each cited handle's reference with the tool's record behind it.
  const { quotes, ...finding } = FindingOutputSchema.parse(JSON.parse(final.content));
  const evidence = linkEvidence(handles.resolveCitations({ evidence: finding.evidence, quotes }), [
    ...toolEvidence,
    ...linkedEvidenceOf([extra.previous, ...(extra.peers ?? [])]),
  ]);
  return {
    calls: calls.map((c) => ({ name: c.name, args: JSON.parse(c.arguments) })),
    finding: { ...finding, evidence, toolCalls },
    cited: finding.evidence,
  };
}

describe("offline specialists over the sample data and the real tools", () => {
  let model: ChatModel;
  let registry: ToolRegistry;
  const dataSet = generateSampleDataSet();
  before(async () => {
    const data = createInMemoryProcurementData(dataSet);
    registry = createToolRegistry(data, { fiscalYearStartMonth: 4 });
    model = createOfflineChatModel({ vocabulary: await buildQuestionVocabulary(data), clock });
  });

  it("contract: +8% on the Acme SaaS renewal exceeds the 5% cap of CTR-0001, with the notice deadline", async () => {
    const { calls, finding, cited } = await consult(model, registry, "contract", "Can we renew the Acme SaaS contract at +8%?");
    assert.deepEqual(calls.map((c) => c.name).sort(), ["getSupplierProfile", "searchContracts", "searchPolicies"]);
    // It cites the records by the handles it was shown beside them, as the prompt asks a model to.
    assert.ok(cited.length > 0 && cited.every((c) => /^E\d+$/.test(c)), cited.join(", "));
    assert.equal(calls.find((c) => c.name === "searchContracts")!.args.supplier, "Acme Cloud Software");
    assert.match(finding.summary, /\+8% exceeds the 5% price-adjustment cap in CTR-0001/);
    assert.match(finding.summary, /CTR-0001 ends on 2027-01-31 and renews automatically; notice is 60 days \(by 2026-12-02\)/);
    assert.match(finding.details, /Next step: .*5% cap/);
    assert.ok(finding.evidence.some((e) => e.referenceId === "CTR-0001"));
    assert.ok(finding.confidence >= 0.7, `confidence ${finding.confidence}`);
  });

  it("spend: 取引先A社の支出推移 gives fiscal-year totals and the year-over-year change, in Japanese", async () => {
    const { calls, finding } = await consult(model, registry, "spend", "取引先A社の支出推移は？");
    const spend = calls.find((c) => c.name === "querySpend")!;
    assert.equal(spend.args.supplier, "Asahi Industrial Materials Co., Ltd.");
    assert.equal(spend.args.groupBy, "fiscalYear");
    assert.equal(spend.args.fiscalYear, null);
    assert.match(finding.summary, /アサヒ産業資材の支出は¥[\d,]+（\d+件）です。/);
    assert.match(finding.summary + finding.details, /2025年度は2024年度比[+-]?\d/);
    assert.ok(finding.evidence.some((e) => e.source === "spend" && e.referenceId.startsWith("SPEND SUP-033")));
  });

  it("supplier: reports the risk rating and sanctions flag of a named supplier", async () => {
    const sanctioned = dataSet.suppliers.find((s) => s.sanctionsFlag)!;
    const { calls, finding } = await consult(model, registry, "supplier", `Is ${sanctioned.name} sanctioned? What is its risk rating?`);
    assert.deepEqual(calls.find((c) => c.name === "getSupplierProfile")!.args, { name: sanctioned.name });
    assert.match(finding.summary, new RegExp(`${escape(sanctioned.name)} is flagged in sanctions screening`));
    assert.match(finding.summary, new RegExp(`${sanctioned.riskRating} risk rating`));
    assert.match(finding.details, /Next step: Stop and escalate to Compliance/);
    assert.ok(finding.evidence.some((e) => e.referenceId === sanctioned.id));
  });

  it("sourcing: a ¥5M purchase needs three written quotations (POL-SOURCING §2)", async () => {
    const { finding } = await consult(model, registry, "sourcing", "How many quotes do I need for a ¥5M purchase?");
    assert.match(finding.summary, /For ¥5,000,000, POL-SOURCING §2 applies: ".*three \(3\) written quotations/);
    assert.ok(finding.evidence.some((e) => e.referenceId === "POL-SOURCING §2"));
  });

  it("knowledge: 3,000万円 needs CPO approval under the approval matrix, in Japanese", async () => {
    const { calls, finding } = await consult(model, registry, "knowledge", "3,000万円の発注の承認者は誰ですか？");
    assert.deepEqual(
      calls.map((c) => c.name),
      ["searchPolicies"],
    );
    assert.equal(calls[0].args.language, "ja");
    assert.match(finding.summary, /¥30,000,000の場合、POL-APPROVAL-MATRIX §3が適用されます:「.*CPO/);
  });

  it("negotiation: a discount on logistics is grounded in the benchmark and the category's spend", async () => {
    const { calls, finding } = await consult(model, registry, "negotiation", "What discount should we push for on logistics?");
    const names = calls.map((c) => c.name);
    assert.ok(names.includes("getPriceBenchmarks") && names.includes("querySpend"), names.join(","));
    assert.equal(calls.find((c) => c.name === "querySpend")!.args.category, "logistics");
    assert.match(finding.summary + finding.details, /market benchmark for logistics is/);
    assert.match(finding.summary + finding.details, /Spend logistics: ¥[\d,]+ over \d+ transactions/);
  });

  it("negotiation: keeps summary and details within the schema's budgets, with every recommended step and no cut fact", async () => {
    const { finding } = await consult(model, registry, "negotiation", "Can we renew the Acme SaaS contract at +8%?");
    assert.ok(finding.summary.length <= FINDING_SUMMARY_CHARS, finding.summary);
    assert.ok(finding.details.length <= FINDING_DETAILS_CHARS, finding.details);
    assert.match(finding.summary, /\+8% is above the market's typical 3\.5% increase/);
    const steps = finding.details.split("\n").filter((line) => line.startsWith("Next step: "));
    assert.deepEqual(
      steps.map((line) => line.replace(/ \[.*$/, "")),
      [
        "Next step: Ask the supplier to bring the increase within the 5% cap or document a justification for an exception",
        "Next step: Decide on renewal and send written notice at least 60 days before the end date (by 2026-12-02)",
      ],
    );
    for (const line of finding.details.split("\n")) assert.match(line, /[.。\]]$/, `a whole fact or step: ${line}`);
  });

  it("re-ask round: calls tools or arguments not used before, and keeps earlier evidence", async () => {
    const first = await consult(model, registry, "spend", "How much did we spend on cloud in FY2025?");
    const previous: Finding = { specialist: "spend", status: "ok", ...first.finding };
    const again = await consult(model, registry, "spend", "How much did we spend on cloud in FY2025?", {
      round: "requery",
      previous,
      critique: "Evidence is thin",
    });
    const before = new Set(first.calls.map((c) => JSON.stringify(c)));
    assert.ok(again.calls.length > 0 && again.calls.every((c) => !before.has(JSON.stringify(c))));
    for (const item of first.finding.evidence.slice(0, 2))
      assert.ok(again.finding.evidence.some((e) => e.referenceId === item.referenceId) || again.finding.evidence.length === 8);
    assert.match(again.finding.details, /Re-checked after the moderator's critique/);
  });

  it("debate round: keeps its finding and acknowledges the peers' points without new tool calls", async () => {
    const own = await consult(model, registry, "contract", "Can we renew the Acme SaaS contract at +8%?");
    const previous: Finding = { specialist: "contract", status: "ok", ...own.finding };
    const peer: Finding = {
      specialist: "negotiation",
      status: "ok",
      summary: "Benchmarks support at most +4%. Push back.",
      details: "",
      evidence: [],
      confidence: 0.7,
      toolCalls: [],
    };
    const debate = await consult(model, registry, "contract", "Can we renew the Acme SaaS contract at +8%?", {
      round: "debate",
      previous,
      peers: [peer],
    });
    assert.equal(debate.calls.length, 0);
    assert.equal(debate.finding.summary, own.finding.summary);
    // Its earlier records, cited by the handles its debate conversation showed, resolve to the same references.
    assert.ok(debate.cited.every((c) => /^E\d+$/.test(c)));
    assert.deepEqual(
      debate.finding.evidence.map((e) => e.referenceId),
      own.finding.evidence.map((e) => e.referenceId),
    );
    assert.match(debate.finding.details, /Taking the other specialists into account: negotiation: Benchmarks support at most \+4%\./);
  });

  it("is deterministic: the same question gives the same calls and finding", async () => {
    const a = await consult(model, registry, "supplier", "A社のISO認証と納期実績は？");
    const b = await consult(model, registry, "supplier", "A社のISO認証と納期実績は？");
    assert.deepEqual(a.calls, b.calls);
    assert.deepEqual({ ...a.finding, toolCalls: [] }, { ...b.finding, toolCalls: [] });
    assert.match(a.finding.summary, /アサヒ産業資材のリスク格付けは/);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
