import assert from "node:assert/strict";
import { ModeratorAnswerSchema, stringsFor } from "../../../../src/domain";
import { createOfflineChatModel } from "../../../../src/llm/offline";
import { buildQuestionVocabulary } from "../../../../src/tools/question/vocabulary";
import { runQuestion } from "../../../../src/workflow/runner";
import { sampleData, workflowHarness } from "../../../fakes/workflow-harness";

describe("offline engine through the real workflow", () => {
  const questions: { question: string; lead: string; mentions: RegExp; japanese?: boolean }[] = [
    {
      question: "Can we renew the Acme SaaS contract at +8%?",
      lead: "contract",
      mentions: /exceeds the 5% price-adjustment cap in CTR-0001/,
    },
    { question: "取引先A社の支出推移は？", lead: "spend", mentions: /2025年度は2024年度比\+12\.5%/, japanese: true },
    { question: "How many quotes do I need for a ¥5M purchase?", lead: "sourcing", mentions: /three \(3\) written quotations/ },
    { question: "3,000万円の発注の承認者は誰ですか？", lead: "knowledge", mentions: /CPO/, japanese: true },
  ];
  for (const q of questions) {
    it(`answers "${q.question}" with a valid, cited answer`, async () => {
      const model = createOfflineChatModel({
        vocabulary: await buildQuestionVocabulary(sampleData),
        clock: { now: () => new Date("2026-11-21T09:00:00Z") },
      });
      const { deps } = workflowHarness(model);
      const state = await runQuestion(deps, { question: q.question });
      assert.ok(state.status === "answered" || state.status === "awaiting_approval", `${state.status} ${state.failure?.message ?? ""}`);
      assert.equal(state.offline, true);
      assert.equal(state.decision?.selected[0], q.lead);
      const answer = ModeratorAnswerSchema.parse(state.answer);
      assert.match(answer.conclusion, q.mentions);
      if (q.japanese) assert.match(answer.conclusion, /[ぁ-ん]/);
      const references = new Set(state.findings.flatMap((f) => (f.status === "ok" ? f.evidence.map((e) => e.referenceId) : [])));
      assert.ok(answer.rationale.length > 0);
      for (const citation of answer.rationale.flatMap((r) => r.citations))
        assert.ok(references.has(citation), `unknown citation ${citation}`);
      assert.ok(answer.nextActions.length > 0);
      assert.ok(state.quality.finalScore !== null);
    });
  }
});

describe("prompt starters offline", () => {
  for (const starter of [...stringsFor("en").promptStarters, ...stringsFor("ja").promptStarters]) {
    it(`answers the starter "${starter.question}" with a cited answer`, async () => {
      const model = createOfflineChatModel({
        vocabulary: await buildQuestionVocabulary(sampleData),
        clock: { now: () => new Date("2026-11-21T09:00:00Z") },
      });
      const state = await runQuestion(workflowHarness(model).deps, { question: starter.question });
      assert.ok(state.status === "answered" || state.status === "awaiting_approval", `${state.status} ${state.failure?.message ?? ""}`);
      assert.ok(
        state.answer?.rationale.some((point) => point.citations.length > 0),
        "cites its evidence",
      );
    });
  }
});

describe("out of scope in every orchestration mode (offline)", () => {
  for (const mode of ["selective", "handoff", "group-chat"]) {
    it(`declines a weather question in ${mode} mode before any specialist works`, async () => {
      const model = createOfflineChatModel({
        vocabulary: await buildQuestionVocabulary(sampleData),
        clock: { now: () => new Date("2026-11-21T09:00:00Z") },
      });
      const state = await runQuestion(workflowHarness(model, { ORCHESTRATION: mode }).deps, {
        question: "What will the weather be in Tokyo tomorrow?",
      });
      assert.equal(state.status, "out_of_scope");
      assert.deepEqual(state.findings, []);
      assert.equal(state.answer, undefined);
    });
  }
});
