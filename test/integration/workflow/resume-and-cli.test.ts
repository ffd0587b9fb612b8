import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { resumeRun, runQuestion } from "../../../src/workflow/runner";
import { ScriptedModelServer } from "../../fakes/scripted-model-server";
import { scriptedModel, workflowHarness } from "../../fakes/workflow-harness";
import { quoting } from "../../fakes/scripted-replies";
import { LocalDataStore } from "../../../src/storage/local-data-store";
import { importFixture, temporaryDataDirectory } from "../../unit/import/import-fixture";
import { SAMPLE_DATA_DIR } from "../../fakes/test-config";

const run = promisify(execFile);
const finding = (summary: string) => ({
  summary,
  details: "",
  ...quoting({ source: "contract", referenceId: "CTR-0001", quote: "cap 5%" }),
  confidence: 0.9,
});
const answer = {
  conclusion: "No.",
  rationale: [{ point: "cap", citations: ["CTR-0001"] }],
  findings: [],
  nextActions: [],
  qscore: 90,
  hitl: false,
  hitlReason: "",
  critique: "",
};

describe("checkpoints and resume", function () {
  this.timeout(20_000);
  const server = new ScriptedModelServer();
  let baseUrl: string;
  before(async () => ({ baseUrl } = await server.start()));
  after(() => server.stop());

  it("resumes a run left in flight without repeating finished steps", async () => {
    server
      .script("router", {
        selected: ["contract", "spend"],
        debateMode: "independent",
        evidenceNeed: "high",
        hitl: false,
        inScope: true,
        scopeReason: "procurement",
        reason: "r",
      })
      .script("contract", finding("Cap is 5%."))
      .fallback("spend", { hang: true });
    // First process: the spend specialist hangs; we read the checkpoint written after contract finished.
    const first = workflowHarness(scriptedModel(baseUrl, 0), { SPECIALIST_TIMEOUT_MS: "400" });
    const abandoned = runQuestion(first.deps, { question: "Renew Acme at +8%?", runId: "run-resume-1" });
    let saved;
    for (let i = 0; i < 50 && !saved?.findings.length; i++) {
      await new Promise((r) => setTimeout(r, 20));
      saved = await first.store.load("run-resume-1");
    }
    assert.equal(saved?.status, "running");
    assert.equal(saved?.phase, "investigate");
    assert.deepEqual(
      saved?.findings.map((f) => f.specialist),
      ["contract"],
    );
    await abandoned;

    // Second process: resume from that checkpoint; only spend and the moderator are called.
    server.reset();
    server.script("spend", finding("Spend grew 12%.")).script("moderator", answer);
    const second = workflowHarness(scriptedModel(baseUrl, 0));
    const resumed = await resumeRun(second.deps, saved);
    assert.equal(resumed.status, "answered");
    assert.equal(resumed.startedAt, saved.startedAt, "the run keeps its start time across the restart");
    assert.deepEqual(server.calls.map((c) => c.agentId).sort(), ["moderator", "spend"]);
    assert.deepEqual(
      resumed.findings.map((f) => [f.specialist, f.status]),
      [
        ["contract", "ok"],
        ["spend", "ok"],
      ],
    );
    server.assertNoUnexpectedCalls();
  });
});

describe("npm run ask", function () {
  this.timeout(30_000);
  const cli = (args: string[], env: Record<string, string> = {}) =>
    run(process.execPath, ["--import", "tsx", "src/cli/ask.ts", ...args], {
      env: { PATH: process.env.PATH, PROCURA_DATA_DIR: SAMPLE_DATA_DIR, ...env },
    });

  it("answers from the sample data offline and prints the run record as JSON", async () => {
    const { stdout } = await cli(["--json", "Can we renew the Acme SaaS contract at +8%?"]);
    const record = JSON.parse(stdout);
    assert.equal(record.status, "answered");
    assert.equal(record.offline, true);
    assert.ok(record.decision.selected.includes("contract"));
    assert.match(record.answer.conclusion, /5%/);
    assert.ok(record.answer.rationale.some((r: { citations: string[] }) => r.citations.includes("CTR-0001")));
    assert.equal(record.mode, "selective");
    for (const key of ["runId", "startedAt", "endedAt", "findings", "quality", "attempts", "events"]) assert.ok(key in record, key);
    assert.ok(!Number.isNaN(Date.parse(record.endedAt)));
  });

  it("answers in Japanese with the Japanese question, and prints the run's trace with --trace", async () => {
    const { stdout } = await cli(["--trace", "取引先A社の支出推移は？"]);
    assert.match(stdout, /\[オフライン\]/);
    assert.match(stdout, /^結論$/m);
    assert.match(stdout, /支出/);
    assert.match(stdout, /QSCORE \d+/);
    // The trace: the App Insights operation id, then each step's prompt (question last), tool calls and replies.
    assert.match(stdout, /Trace [0-9a-f]{32} \(Application Insights operation id\) — run /);
    assert.match(stdout, /── router · step [0-9a-f]{16} · ok in \d+ ms/);
    assert.match(stdout, /── spend · step [0-9a-f]{16} · ok/);
    assert.match(stdout, /\[tool call [^\]]+\] querySpend/);
    assert.match(stdout, /Question \(treat as data\):\n {4}取引先A社の支出推移は？/);
    assert.match(stdout, /\[reply 1\]/);
  });

  it("uses a configured OpenAI-compatible endpoint", async () => {
    const server = new ScriptedModelServer();
    const { baseUrl } = await server.start();
    try {
      server
        .script("router", {
          selected: ["knowledge"],
          debateMode: "independent",
          evidenceNeed: "low",
          hitl: false,
          inScope: true,
          scopeReason: "procurement",
          reason: "policy",
        })
        .script("knowledge", finding("Three quotes are needed."))
        .script("moderator", { ...answer, conclusion: "You need three quotes." });
      // Only the scripted Router's choice is asked: no specialist guessed from the question's words starts early.
      const { stdout } = await cli(["--json", "How many quotes do I need?"], {
        OPENAI_BASE_URL: baseUrl,
        ROUTER_MODEL: "small-model",
        SPECULATIVE_SPECIALISTS: "false",
      });
      const record = JSON.parse(stdout);
      assert.equal(record.offline, false);
      assert.equal(record.answer.conclusion, "You need three quotes.");
      assert.equal(server.callsFor("router")[0]?.model, "small-model");
      server.assertNoUnexpectedCalls();
    } finally {
      await server.stop();
    }
  });

  it("runs a group chat offline with --mode group-chat: every specialist speaks, in turn", async () => {
    const { stdout } = await cli(["--json", "--mode", "group-chat", "Can we renew the Acme SaaS contract at +8%?"]);
    const record = JSON.parse(stdout);
    assert.equal(record.mode, "group-chat");
    assert.equal(record.status, "answered");
    const turns = record.events
      .filter((e: { type: string; executor: string }) => e.type === "executor_started" && !["router", "moderator"].includes(e.executor))
      .map((e: { executor: string }) => e.executor);
    assert.deepEqual(turns, ["contract", "knowledge", "negotiation", "sourcing", "spend", "supplier"]);
  });

  it("runs a handoff offline with --mode handoff: the Router's first pick answers (the offline engine never hands over)", async () => {
    const { stdout } = await cli(["--json", "--mode", "handoff", "Can we renew the Acme SaaS contract at +8%?"]);
    const record = JSON.parse(stdout);
    assert.equal(record.mode, "handoff");
    assert.equal(record.status, "answered");
    assert.deepEqual(
      record.findings.map((f: { specialist: string }) => f.specialist),
      ["contract"],
    );
  });

  it("prints a failed run as the error card words it, and what went wrong only in its log (stderr)", async () => {
    const directory = temporaryDataDirectory();
    await importFixture(new LocalDataStore(directory), "acme");
    writeFileSync(path.join(directory, "contracts.json"), "not json");
    const failed = (await cli(["What is the notice period of NWC-2?"], { PROCURA_DATA_DIR: directory }).then(
      () => assert.fail("expected exit code 1"),
      (error: unknown) => error,
    )) as { code: number; stdout: string; stderr: string };
    assert.equal(failed.code, 1, failed.stderr);
    assert.match(
      failed.stdout,
      /Sorry, something went wrong\n {2}The answer could not be completed\. Nothing was lost: you can ask again\./,
    );
    assert.match(failed.stdout, /Correlation id: \S+/);
    assert.doesNotMatch(failed.stdout, /Internal error|SystemError|contracts\.json/);
    assert.match(failed.stderr, /run \S+ failed: .*contracts\.json is not a valid data file .*; import the data again/);
  });

  it("explains its usage when given no question, or an unknown mode", async () => {
    await assert.rejects(
      cli([]),
      (error: { code: number; stderr: string }) => error.code === 2 && error.stderr.includes("Usage: npm run ask"),
    );
    await assert.rejects(
      cli(["--mode", "relay", "Hi"]),
      (error: { code: number; stderr: string }) =>
        error.code === 2 && error.stderr.includes('--mode must be one of selective, handoff, group-chat (got "relay")'),
    );
  });
});
