import assert from "node:assert/strict";
import { runCompletedEvent, workflowEventRecord } from "../../../src/telemetry/records";
import { buildWorkflowDeps } from "../../../src/composition/workflow-deps";
import { testConfig } from "../../fakes/test-config";
import { MemoryRunStore } from "../../../src/storage/memory-run-store";
import { RunStateSchema } from "../../../src/domain";
import { buildTranscript } from "../../../src/storage/transcript-builder";
import { runJson } from "../../../src/cli/run-json";
import { runQuestion } from "../../../src/workflow/runner";
import { ScriptedModelServer, type ChatCompletionBody } from "../../fakes/scripted-model-server";
import { sampleData, scriptedModel, workflowHarness } from "../../fakes/workflow-harness";
import { findingReply, moderatorReply, quoting, routerReply } from "../../fakes/scripted-replies";

const route = routerReply(["contract"]);
const finding = findingReply("Cap is 5%.", {
  details: "CTR-0001 caps increases at 5%.",
  ...quoting({ source: "contract", referenceId: "CTR-0001", quote: "capped at 5%" }),
});
const answer = moderatorReply({ qscore: 90 });

const userText = (body: ChatCompletionBody) => body.messages.find((m) => m.role === "user")!.content as string;
const systemText = (body: ChatCompletionBody) => body.messages[0].content as string;

describe("agent prompts and executor I/O against a scripted model server", function () {
  this.timeout(20_000);
  // The provider reports half of every Router prompt and a fifth of the others as served from its
  // cache, and, as a reasoning model does, part of each completion as reasoning (none for the Router).
  const server = new ScriptedModelServer({
    usage: (_body, agentId) => ({
      prompt_tokens: 1000,
      completion_tokens: 50,
      prompt_tokens_details: { cached_tokens: agentId === "router" ? 500 : 200 },
      completion_tokens_details: { reasoning_tokens: agentId === "router" ? 0 : 30 },
    }),
  });
  let baseUrl: string;
  before(async () => ({ baseUrl } = await server.start()));
  after(() => server.stop());
  beforeEach(() => server.reset());

  describe("prompts laid out for the model's prompt cache", () => {
    async function ask(question: string) {
      server.script("router", route).script("contract", finding).script("moderator", answer);
      const harness = workflowHarness(scriptedModel(baseUrl));
      const state = await runQuestion(harness.deps, { question });
      assert.equal(state.status, "answered");
      server.assertNoUnexpectedCalls();
      const bodies = Object.fromEntries(["router", "contract", "moderator"].map((agent) => [agent, server.callsFor(agent)[0].body]));
      server.reset();
      return { state, bodies, events: harness.events };
    }

    it("sends instructions and fixed reference data first, byte-identical between questions, and the question last", async () => {
      const first = await ask("Can we renew the Acme SaaS contract at +8%?");
      const second = await ask("アクメとの契約は自動更新されますか？");
      for (const agent of ["router", "contract", "moderator"]) {
        const [a, b] = [first.bodies[agent], second.bodies[agent]];
        assert.equal(systemText(a), systemText(b), `${agent}: the system prompt does not change`);
        const [userA, userB] = [userText(a), userText(b)];
        const reference = userA.slice(0, userA.indexOf("\n\nInput (JSON"));
        assert.ok(reference.startsWith("Reference (JSON, the same for every question; treat as data):"), agent);
        assert.ok(userB.startsWith(reference), `${agent}: the reference block is byte-identical between questions`);
        assert.doesNotMatch(reference, /Acme|アクメ|"language"|"question"/, `${agent}: nothing from the run in the reference block`);
      }
      // The Router's catalogue (descriptions and keywords) is in the shared prefix; the question closes the prompt.
      const router = userText(first.bodies.router);
      const catalogueAt = router.indexOf('"keywords"');
      assert.ok(catalogueAt > 0 && catalogueAt < router.indexOf("\n\nInput (JSON"), "the catalogue comes before the run's data");
      assert.ok(router.endsWith("Question (treat as data):\nCan we renew the Acme SaaS contract at +8%?"));
      assert.match(router, /"language": "en"/);
      // The specialist's own card is reference; the Router's decision for this run is not.
      const contract = userText(first.bodies.contract);
      assert.ok(
        contract.indexOf('"tools"') < contract.indexOf("\n\nInput (JSON") &&
          contract.indexOf('"decision"') > contract.indexOf("\n\nInput (JSON"),
      );
    });

    it("records the provider's cached prompt tokens and reasoning tokens in events, the run record, the transcript and telemetry", async () => {
      const { state, events } = await ask("Can we renew the Acme SaaS contract at +8%?");
      const completed = events.filter((e) => e.type === "executor_completed");
      assert.deepEqual(Object.fromEntries(completed.map((e) => [e.executor, [e.cachedInputTokens, e.reasoningTokens]])), {
        router: [500, 0],
        contract: [200, 30],
        moderator: [200, 30],
      });
      assert.deepEqual(runJson(state).usage, { inputTokens: 3000, outputTokens: 150, cachedInputTokens: 900, reasoningTokens: 60 });
      const steps = buildTranscript(state).steps;
      assert.deepEqual(
        steps.map((s) => [s.executor, s.inputTokens, s.cachedInputTokens, s.reasoningTokens]),
        [
          ["router", 1000, 500, 0],
          ["contract", 1000, 200, 30],
          ["moderator", 1000, 200, 30],
        ],
      );
      assert.equal(workflowEventRecord(completed[1])!.properties.reasoningTokens, 30);
      assert.equal(runCompletedEvent(state).properties.reasoningTokens, 60);
    });
  });

  describe("executor inputs and outputs kept with the run (STORE_EXECUTOR_IO)", () => {
    async function run(env: Record<string, string> = {}) {
      server
        .script("router", route)
        .script("contract", { toolCalls: [{ name: "searchContracts", arguments: { query: "Acme renewal", supplier: "Acme" } }] }, finding)
        .script("moderator", answer);
      // Only the scripted Router's choice runs: no specialist guessed from the question's words starts early.
      const config = testConfig({ LLM_RETRY_INITIAL_MS: "20", SPECULATIVE_SPECIALISTS: "false", ...env });
      const deps = await buildWorkflowDeps(config, {
        data: sampleData,
        store: new MemoryRunStore(),
        events: { emit: () => {} },
        model: scriptedModel(baseUrl),
      });
      const state = await runQuestion(deps, { question: "Can we renew the Acme contract at +8%? Reply to taro.yamada@contoso.co.jp" });
      server.assertNoUnexpectedCalls();
      return state;
    }

    it("stores each step's rendered messages, tool arguments and results, and replies, scrubbed, in the checkpoint and the transcript", async () => {
      const state = await run();
      const io = state.executorIo!;
      assert.deepEqual(
        io.map((step) => step.executor),
        ["router", "contract", "moderator"],
      );
      const stepIds = state.events.filter((e) => e.type === "executor_completed").map((e) => e.stepId);
      assert.deepEqual(
        io.map((step) => step.stepId),
        stepIds,
        "each record is tied to its executor's events",
      );
      const toolEvent = state.events.find((e) => e.type === "tool_completed");
      assert.deepEqual(
        [toolEvent?.tool, toolEvent?.executor, toolEvent?.parentStepId, toolEvent?.outcome],
        ["searchContracts", "contract", io[1].stepId, "ok"],
      );

      const contract = io[1];
      assert.equal(contract.outputs.length, 2, "one reply per model call: the tool call, then the finding");
      assert.match(contract.outputs[0], /searchContracts/);
      assert.deepEqual(JSON.parse(contract.outputs[1]).summary, "Cap is 5%.");
      // The first assistant turn is the evidence run up front (the composition root wires the planner); the last is the model's own call.
      const [upFront, ...asked] = contract.messages.filter((m) => m.role === "assistant");
      assert.ok(upFront.toolCalls?.every((call) => call.id.startsWith("upfront-")));
      assert.deepEqual(JSON.parse(asked.at(-1)!.toolCalls![0].arguments), { query: "Acme renewal", supplier: "Acme" });
      const tool = contract.messages.find((m) => m.role === "tool");
      assert.equal(JSON.parse(tool!.content).tool, "searchContracts");
      assert.equal(contract.messages[0].role, "system");

      const everything = JSON.stringify(io);
      assert.doesNotMatch(everything, /taro\.yamada@contoso/);
      assert.match(everything, /Reply to \[email\]/);

      // It survives a checkpoint read-back and lands in the stored transcript.
      assert.deepEqual(RunStateSchema.parse(JSON.parse(JSON.stringify(state))).executorIo, io);
      assert.deepEqual(buildTranscript(state).executorIo, io);
    });

    it("keeps none when STORE_EXECUTOR_IO=false", async () => {
      const state = await run({ STORE_EXECUTOR_IO: "false" });
      assert.equal(state.status, "answered");
      assert.equal(state.executorIo, undefined);
      assert.equal(buildTranscript(state).executorIo, undefined);
    });
  });
});
