import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { TranscriptDocumentSchema } from "../../../src/domain";
import { readCriteria, type Criterion } from "../../../src/eval/judge/criteria";
import { judgeRun } from "../../../src/eval/judge/judge-run";
import { readHistoryLogs } from "../../../src/eval/judge/judge-step";
import { transcriptToJudgeRun } from "../../../src/eval/samples/transcript-to-steps";
import { useEvalHarness } from "./eval-model-harness";

const fixtures = path.join(__dirname, "../../fixtures");
const [milk] = readHistoryLogs(path.join(fixtures, "history_logs"));
const transcript = TranscriptDocumentSchema.parse(
  JSON.parse(readFileSync(path.join(fixtures, "eval/transcript-acme-renewal.json"), "utf8")),
);
const costEfficiency: Criterion = {
  name: "Cost Efficiency",
  description: "The agent found the cheapest option without wasted steps.",
  granularity: "global_summary",
};
const noHallucination: Criterion = {
  name: "No hallucination",
  description: "No step claims a price it did not see.",
  granularity: "step_level",
};
const exploration: Criterion = { name: "Exploration", description: "Each sub-task explores sensibly." };

describe("AI Judge with a scripted evaluation model", () => {
  const harness = useEvalHarness();

  it("decomposes, chooses levels, aggregates and judges a history log; reports context sizes", async () => {
    const { server } = harness;
    server.script("judge.decomposer", {
      phases: [
        { title: "Search", firstStep: 1, lastStep: 3, summary: "User navigated to the shop and searched for milk." },
        { title: "Compare and buy", firstStep: 4, lastStep: 7, summary: "User compared prices across two pages and bought the cheapest." },
      ],
    });
    server.script("judge.granularity", { choices: [{ criterion: "Exploration", granularity: "phase_level", reason: "about sub-tasks" }] });
    server.script("judge.summarizer", {
      narrative: "The agent sorted by price and checked a second page before buying the cheapest milk.",
      execution_outcome: "Success",
      strategy_description: "Price-sorted comparison.",
    });
    server.fallback("judge.evaluator", (body) => {
      const user = body.messages[1].content as string;
      if (user.includes("Criterion: Cost Efficiency"))
        return {
          verdict: "PASS",
          reasoning: "Sorted by price low-to-high.",
          confidence_score: 0.95,
          evidence: { units: ["global_trace"], step_ids: [4] },
        };
      if (user.includes("Criterion: No hallucination"))
        return {
          verdict: "PASS",
          reasoning: "The price 0.89 was seen in step 5.",
          confidence_score: 0.9,
          evidence: { units: ["Step 5"], step_ids: [5, 9] },
        };
      return {
        verdict: "PASS",
        reasoning: "Two coherent phases.",
        confidence_score: 0.8,
        evidence: { units: ["Phase B"], step_ids: [4, 5, 6] },
      };
    });
    const report = await judgeRun(harness.evalModel, milk, [costEfficiency, noHallucination, exploration]);
    assert.equal(report.decomposition.source, "model");
    assert.deepEqual(
      report.decomposition.phases.map((phase) => [phase.label, phase.steps]),
      [
        ["Phase A", [1, 2, 3]],
        ["Phase B", [4, 5, 6, 7]],
      ],
    );
    assert.deepEqual(
      report.granularity.map((choice) => [choice.criterion, choice.granularity, choice.source]),
      [
        ["Cost Efficiency", "global_summary", "fixed"],
        ["No hallucination", "step_level", "fixed"],
        ["Exploration", "phase_level", "model"],
      ],
    );
    const [cost, hallucination, explore] = report.results;
    assert.deepEqual(cost, {
      criterion_name: "Cost Efficiency",
      used_granularity: "global_summary",
      verdict: "PASS",
      reasoning: "Sorted by price low-to-high.",
      confidence_score: 0.95,
      evidence: { units: ["global_trace"], step_ids: [4] },
    });
    assert.equal(hallucination.verdict, "UNSURE");
    assert.match(hallucination.evidence.note!, /answered PASS but cited unknown step ids \[9\] not in the step_level mapping/);
    assert.equal(explore.verdict, "PASS");
    const globalContext = server
      .callsFor("judge.evaluator")
      .find((call) => (call.body.messages[1].content as string).includes("Cost Efficiency"))!;
    assert.match(globalContext.body.messages[1].content as string, /"global_trace":\[1,2,3,4,5,6,7\]/);
    assert.match(globalContext.body.messages[1].content as string, /"execution_outcome":"Success"/);
    for (const size of report.contextSize)
      assert.ok(size.aggregatedTokens < size.rawTokens && size.ratio > 0 && size.ratio < 1, JSON.stringify(size));
    assert.deepEqual(report.contextSize.map((size) => size.granularity).sort(), ["global_summary", "phase_level", "step_level"]);
  });

  it("falls back to executor phases when the decomposition is not contiguous twice, and to rules when granularity fails", async () => {
    const { server } = harness;
    const broken = {
      phases: [
        { title: "All", firstStep: 1, lastStep: 2, summary: "Routing and research." },
        { title: "End", firstStep: 4, lastStep: 4, summary: "Answer." },
      ],
    };
    server.script("judge.decomposer", broken, broken);
    server.script("judge.granularity", { status: 400 });
    server.fallback("judge.evaluator", {
      verdict: "PASS",
      reasoning: "Contract and spend were chosen.",
      confidence_score: 0.9,
      evidence: { units: [], step_ids: [1] },
    });
    const criteria = readCriteria(path.join(__dirname, "../../../prompts/judge/criteria.yaml")).filter(
      (criterion) => criterion.name === "Routing relevance" || criterion.name === "Evidence grounding",
    );
    const report = await judgeRun(harness.evalModel, transcriptToJudgeRun(transcript), criteria);
    assert.equal(report.decomposition.source, "fallback");
    assert.match(report.decomposition.note!, /invalid_output.*phase 2 starts at step 4 but step 3 is next/);
    assert.deepEqual(
      report.decomposition.phases.map((phase) => [phase.title, phase.steps]),
      [
        ["route", [1]],
        ["investigate", [2, 3]],
        ["moderate", [4]],
      ],
    );
    assert.match(server.callsFor("judge.decomposer")[1].body.messages.at(-1)!.content as string, /phase 2 starts at step 4/);
    assert.deepEqual(
      report.granularity.map((choice) => [choice.granularity, choice.source]),
      [
        ["phase_level", "fixed"],
        ["step_level", "rule"],
      ],
    );
    assert.match(report.granularity[1].reason, /keyword rule matched "Every claim" \(model choice unusable: error\)/);
    assert.match(
      server.callsFor("judge.evaluator")[0].body.messages[1].content as string,
      /Phase B \(Steps 2-3\): contract: finding with 2 evidence items; tools: searchContracts/,
    );
    assert.ok(report.results.every((result) => result.verdict === "PASS"));
  });

  it("a judge call that fails twice yields UNSURE with confidence 0 and the reason", async () => {
    const { server } = harness;
    server.script("judge.decomposer", { phases: [{ title: "All", firstStep: 1, lastStep: 7, summary: "Bought milk." }] });
    server.script(
      "judge.evaluator",
      { content: "PASS" },
      { verdict: "MAYBE", reasoning: "x", confidence_score: 2, evidence: { units: [], step_ids: [] } },
    );
    const report = await judgeRun(harness.evalModel, milk, [{ ...exploration, granularity: "phase_level" }]);
    const [result] = report.results;
    assert.equal(result.verdict, "UNSURE");
    assert.equal(result.confidence_score, 0);
    assert.equal(result.error?.kind, "invalid_output");
    assert.match(result.reasoning, /verdict/);
  });
});
