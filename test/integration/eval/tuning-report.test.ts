import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { testConfig } from "../../fakes/test-config";
import { TranscriptDocumentSchema, type TranscriptDocument } from "../../../src/domain";
import type { EvaluationRecord } from "../../../src/domain";
import { openCosmosStore } from "../../../src/storage";
import { createCosmosClient } from "../../../src/storage/cosmos-store";
import { startEmbeddedCosmos, type EmbeddedCosmos } from "../../../src/storage/embedded-server";

const base = TranscriptDocumentSchema.parse(
  JSON.parse(readFileSync(path.join(__dirname, "../../fixtures/eval/transcript-acme-renewal.json"), "utf8")),
);
const AT = "2026-11-20T09:00:00.000Z";

/** A finished run the Router sent to `selected`, with a first QSCORE. */
function transcript(runId: string, question: string, selected: string[], qscore: number): TranscriptDocument {
  return {
    ...base,
    id: runId,
    runId,
    conversationId: `conv-${runId}`,
    question,
    startedAt: AT,
    endedAt: AT,
    decision: {
      selected,
      inScope: true,
      reason: "lexical",
      debateMode: "independent",
      evidenceNeed: "low",
      hitl: false,
    },
    quality: { initialScore: qscore, finalScore: qscore, retried: false },
  };
}

/** The scheduled evaluation's record of a run: TopicAdherence against the question's own topics. */
function evaluation(runId: string, questionTopics: string[], topicAdherence: number): EvaluationRecord {
  return {
    id: `eval-${runId}`,
    schemaVersion: 1,
    transcriptId: runId,
    conversationId: `conv-${runId}`,
    runId,
    jobRunId: "job-1",
    createdAt: AT,
    models: ["judge-model"],
    metrics: [
      {
        metric: "topic-adherence",
        score: topicAdherence,
        scorable: true,
        reason: "scored",
        parts: { referenceTopicSource: "question", referenceTopics: questionTopics },
      },
    ],
    judge: null,
  };
}

/** Seeds one Cosmos database with runs, votes and evaluations. */
async function seed(
  cosmos: EmbeddedCosmos,
  database: string,
  runs: { transcript: TranscriptDocument; vote: "up" | "down"; evaluation: EvaluationRecord }[],
): Promise<void> {
  const config = testConfig({
    NODE_ENV: "test",
    LLM_PROVIDER: "offline",
    COSMOS_ENDPOINT: cosmos.endpoint,
    COSMOS_KEY: cosmos.key,
    COSMOS_DATABASE: database,
  });
  const store = await openCosmosStore(config, { log: () => undefined });
  const client = await createCosmosClient({ endpoint: cosmos.endpoint, key: cosmos.key });
  try {
    for (const run of runs) {
      await client.database(database).container("transcripts").items.upsert(run.transcript);
      await store.feedback.save({
        runId: run.transcript.runId,
        conversationId: run.transcript.conversationId,
        userId: "user-1",
        rating: run.vote,
        at: AT,
      });
      await store.evaluations.save(run.evaluation);
    }
  } finally {
    client.dispose();
    await store.close();
  }
}

/** `npm run evaluate -- tuning …` against the given Cosmos database. */
function tuningCli(cosmos: EmbeddedCosmos, database: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "src/cli/evaluate.ts", "tuning", "--since", "2026-11-01T00:00:00Z", ...args],
    {
      env: {
        PATH: process.env.PATH,
        LLM_PROVIDER: "offline",
        COSMOS_ENDPOINT: cosmos.endpoint,
        COSMOS_KEY: cosmos.key,
        COSMOS_DATABASE: database,
      },
      maxBuffer: 16 * 1024 * 1024,
    },
  ).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: unknown) => error as { code: number; stdout: string; stderr: string },
  );
}

describe("npm run evaluate -- tuning", function () {
  this.timeout(180_000);
  let cosmos: EmbeddedCosmos;

  before(async () => {
    cosmos = await startEmbeddedCosmos();
  });
  after(() => cosmos?.stop());

  it("proposes the keyword that badly received, misrouted questions share, citing those runs and the golden set before and after", async () => {
    const tariffQuestions = [
      ["run-tariff-1", "What do import tariffs add for Asahi Industrial Materials?"],
      ["run-tariff-2", "Tariff exposure of our steel purchases?"],
      ["run-tariff-3", "Which tariffs hit Tokyo Denki shipments?"],
    ];
    await seed(
      cosmos,
      "tuning-tariff",
      tariffQuestions.map(([runId, question]) => ({
        transcript: transcript(runId, question, ["knowledge"], 85),
        vote: "down" as const,
        evaluation: evaluation(runId, ["spend analysis"], 0),
      })),
    );

    const json = await tuningCli(cosmos, "tuning-tariff", "--json");
    assert.equal(json.code, 0, json.stderr);
    const report = JSON.parse(json.stdout) as {
      runs: { bad: number };
      baseline: { cases: number; routed: number };
      proposals: {
        change: { kind: string; specialist?: string; keyword?: string; clause?: string };
        evidence: { runId: string }[];
        golden: { after: { cases: number; routed: number }; verdict: string };
      }[];
    };
    assert.equal(report.runs.bad, 3);
    const tariff = report.proposals.find((proposal) => proposal.change.kind === "add-keyword" && proposal.change.keyword === "tariff");
    assert.ok(tariff, `no tariff proposal in ${JSON.stringify(report.proposals.map((proposal) => proposal.change))}`);
    assert.equal(tariff.change.specialist, "spend");
    assert.deepEqual(tariff.evidence.map((run) => run.runId).sort(), ["run-tariff-1", "run-tariff-2", "run-tariff-3"]);
    assert.equal(report.baseline.cases, 14);
    assert.equal(tariff.golden.after.cases, 14);
    // No golden question mentions tariffs: the golden set must neither gain nor lose from the new keyword.
    assert.equal(tariff.golden.verdict, "unchanged");
    assert.equal(tariff.golden.after.routed, report.baseline.routed);
    // The same runs say spend's description should name tariffs, which the Router reads too.
    const described = report.proposals.find((proposal) => proposal.change.kind === "extend-description");
    assert.ok(described, `no description proposal in ${JSON.stringify(report.proposals.map((proposal) => proposal.change))}`);
    assert.deepEqual(described.change, { kind: "extend-description", specialist: "spend", clause: "Also: tariff." });
    assert.deepEqual(described.evidence.map((run) => run.runId).sort(), ["run-tariff-1", "run-tariff-2", "run-tariff-3"]);
    assert.equal(described.golden.verdict, "unchanged");

    const markdown = await tuningCli(cosmos, "tuning-tariff");
    assert.equal(markdown.code, 0, markdown.stderr);
    const golden = `routing ${report.baseline.routed}/14`;
    assert.match(markdown.stdout, /prompts\/specialists\/spend\.md keywords: add "tariff"/);
    const row = markdown.stdout.split("\n").find((line) => line.includes('add "tariff"') && line.startsWith("|"));
    assert.ok(row?.includes(golden) && row.split(golden).length === 3, `before and after figures missing in: ${row}`);
    for (const [runId] of tariffQuestions) assert.match(markdown.stdout, new RegExp(`\\| ${runId} \\|`));
    assert.match(markdown.stdout, /prompts\/specialists\/spend\.md description: append "Also: tariff\."/);
    assert.match(markdown.stdout, /Nothing below has been applied/);
  });

  it("drops a QSCORE threshold the runs suggest when it makes the golden set worse, and says so", async () => {
    // Badly received answers scored 90–92 and well received ones 96–98: the runs point at a gate of 95,
    // which on the golden set sends answers back that were right (fewer golden cases call the right tools).
    const scored: [string, number, "up" | "down"][] = [
      ["run-gate-1", 90, "down"],
      ["run-gate-2", 92, "down"],
      ["run-gate-3", 96, "up"],
      ["run-gate-4", 98, "up"],
    ];
    await seed(
      cosmos,
      "tuning-gate",
      scored.map(([runId, qscore, vote]) => ({
        transcript: transcript(runId, "How much did we spend with Asahi Industrial Materials?", ["spend"], qscore),
        vote,
        evaluation: evaluation(runId, ["spend analysis"], 1),
      })),
    );
    const json = await tuningCli(cosmos, "tuning-gate", "--json");
    assert.equal(json.code, 0, json.stderr);
    const report = JSON.parse(json.stdout) as {
      baseline: { toolCallsPassed: number };
      proposals: unknown[];
      dropped: {
        change: { kind: string; from: number; to: number };
        evidence: { runId: string }[];
        golden: { after: { toolCallsPassed: number }; verdict: string };
      }[];
    };
    assert.deepEqual(report.proposals, []);
    assert.equal(report.dropped.length, 1);
    const [gate] = report.dropped;
    assert.deepEqual(gate.change, { kind: "qscore-threshold", from: 80, to: 95 });
    assert.deepEqual(
      gate.evidence.map((run) => run.runId),
      ["run-gate-1", "run-gate-2"],
    );
    assert.equal(gate.golden.verdict, "regresses");
    assert.ok(gate.golden.after.toolCallsPassed < report.baseline.toolCallsPassed);

    const markdown = await tuningCli(cosmos, "tuning-gate");
    assert.match(markdown.stdout, /No change proposed/);
    assert.match(
      markdown.stdout,
      /## Dropped: the golden set got worse\n\n- QSCORE_THRESHOLD: 80 → 95: routing \d+\/14, tool calls \d+\/14 → routing \d+\/14, tool calls \d+\/14 \(2 runs behind it\)/,
    );
  });

  it("says no change is proposed when the stored runs were well received and passed their evaluations", async () => {
    await seed(cosmos, "tuning-quiet", [
      {
        transcript: transcript("run-ok-1", "How much did we spend with Asahi Industrial Materials?", ["spend"], 90),
        vote: "up",
        evaluation: evaluation("run-ok-1", ["spend analysis"], 1),
      },
      {
        transcript: transcript("run-ok-2", "Can we renew the Acme SaaS contract at +8%?", ["contract"], 88),
        vote: "up",
        evaluation: evaluation("run-ok-2", ["supplier contracts and renewals"], 1),
      },
    ]);
    const result = await tuningCli(cosmos, "tuning-quiet");
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /No change proposed/);
    assert.match(result.stdout, /Runs since .*: 2 \(0 badly received, 2 well received/);
    assert.match(result.stdout, /Golden set as configured \(offline\): routing \d+\/14, tool calls \d+\/14/);
  });
});
