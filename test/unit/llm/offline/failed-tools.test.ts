import assert from "node:assert/strict";
import { FindingOutputSchema } from "../../../../src/domain";
import { createOfflineChatModel } from "../../../../src/llm/offline";
import { buildQuestionVocabulary } from "../../../../src/tools/question/vocabulary";
import { createInMemoryProcurementData, createToolRegistry, generateSampleDataSet } from "../../../../src/tools";
import type { ChatMessage, ChatModel, ToolRegistry } from "../../../../src/workflow/ports";
import { renderAgentMessages } from "../../../../src/workflow/agent-message";
import { EvidenceHandles } from "../../../../src/workflow/evidence-handles";
import { runToolCalls, toolSpecsOf } from "../../../../src/workflow/steps/tool-runner";
import { findingRequest, specialistInputFor } from "../../../fakes/specialist-input";

/**
 * One specialist conversation as the workflow drives it, except that one tool's message says it
 * failed (as the tool runner reports a tool that threw): the other tools answer for real.
 */
async function findingWhen(model: ChatModel, registry: ToolRegistry, id: string, question: string, failing: string) {
  const { definition, input } = specialistInputFor(id, question, { evidenceNeed: "medium" });
  const messages: ChatMessage[] = renderAgentMessages(definition.systemPrompt, input);
  const request = () => findingRequest(id, messages, toolSpecsOf(registry, definition.tools));
  const first = await model.complete(request());
  if (first.kind !== "ok") throw new Error(first.cause);
  assert.ok(
    first.toolCalls.some((call) => call.name === failing),
    `${failing} among ${first.toolCalls.map((c) => c.name).join(", ")}`,
  );
  const handles = new EvidenceHandles();
  const results = await runToolCalls(registry, definition.tools, first.toolCalls, input.language);
  messages.push({ role: "assistant", content: "", toolCalls: first.toolCalls });
  for (const result of results) {
    const content =
      result.call.name === failing
        ? {
            tool: failing,
            ok: false,
            digest: "",
            evidence: [],
            error: "tool failed: SystemError: the data file is not valid; import the data again",
          }
        : handles.showToolContent(result.content);
    messages.push({ role: "tool", toolCallId: result.call.id, content: JSON.stringify(content) });
  }
  const second = await model.complete(request());
  if (second.kind !== "ok") throw new Error(second.cause);
  return FindingOutputSchema.parse(JSON.parse(second.content));
}

describe("offline specialists whose tool failed", () => {
  let model: ChatModel;
  let registry: ToolRegistry;
  before(async () => {
    const data = createInMemoryProcurementData(generateSampleDataSet());
    registry = createToolRegistry(data, { fiscalYearStartMonth: 4 });
    model = createOfflineChatModel({
      vocabulary: await buildQuestionVocabulary(data),
      clock: { now: () => new Date("2026-11-21T09:00:00Z") },
    });
  });

  // One rule for every tool: the summary opens with what could not be read, in the question's language.
  const cases = [
    ["contract", "Can we renew the Acme SaaS contract at +8%?", "searchContracts", "The contract records could not be read"],
    ["contract", "Acme SaaS契約を+8%で更新できますか？", "searchContracts", "契約データを読み取れなかったため"],
    ["spend", "How much did we spend with Acme Cloud Software in FY2025?", "querySpend", "The spend records could not be read"],
    ["spend", "取引先A社の支出推移は？", "querySpend", "支出データを読み取れなかったため"],
    ["supplier", "Is supplier Acme Cloud Software sanctioned?", "getSupplierProfile", "The supplier records could not be read"],
    ["negotiation", "What discount should we push for on logistics?", "getPriceBenchmarks", "The benchmark records could not be read"],
  ] as const;
  for (const [specialist, question, failing, unread] of cases)
    it(`${specialist}: says that ${failing} could not be read (${question})`, async () => {
      const finding = await findingWhen(model, registry, specialist, question, failing);
      assert.ok(finding.summary.startsWith(unread), finding.summary);
      assert.doesNotMatch(finding.summary, /SystemError|import the data again/, "the error is for the Moderator and operators");
    });
});
