import assert from "node:assert/strict";
import { readAgentFields } from "../../../src/workflow/agent-message";
import { runQuestion } from "../../../src/workflow/runner";
import { findingReply, moderatorReply, RENEWAL_QUESTION, routerReply } from "../../fakes/scripted-replies";
import { scriptedModel, useScriptedModelServer, workflowHarness } from "../../fakes/workflow-harness";

interface JsonSchemaNode {
  type?: string | string[];
  properties?: Record<string, JsonSchemaNode>;
  required?: string[];
  additionalProperties?: boolean;
  items?: JsonSchemaNode;
  enum?: string[];
  description?: string;
}
interface Body {
  messages: { content: string }[];
  response_format: { type: string; json_schema: { name: string; strict?: boolean; schema: JsonSchemaNode } };
}

const FAMILIES = [
  { rules: "gpt-5", env: {} },
  { rules: "gpt-4", env: { ROUTER_MODEL: "gpt-4o-mini", SPECIALIST_MODEL: "gpt-4o", MODERATOR_MODEL: "gpt-4o" } },
] as const;

for (const { rules, env } of FAMILIES)
  describe(`the Router's output at the wire (${rules} request rules)`, function () {
    this.timeout(20_000);
    const { server, baseUrl } = useScriptedModelServer({ rules });

    it("asks for `selected` most important first and no separate priority, in a strict schema, and its order leads the run", async () => {
      server
        .script("router", routerReply(["negotiation", "contract"]))
        .script("negotiation", findingReply("Counter at +3%."), findingReply("Counter at +3%, benchmark median 3.5%."))
        .script("contract", findingReply("Cap is 5%."))
        .script(
          "moderator",
          moderatorReply({ qscore: 60, critique: "Missing the benchmark." }),
          moderatorReply({ qscore: 90, conclusion: "Counter at +3%." }),
        );
      const { deps } = workflowHarness(scriptedModel(baseUrl()), { ...env, REQUERY_SPECIALISTS: "1", SPECULATIVE_SPECIALISTS: "false" });
      const state = await runQuestion(deps, { question: RENEWAL_QUESTION });
      assert.equal(state.status, "answered", state.failure?.message);

      const request = server.callsFor("router")[0].body as unknown as Body;
      const format = request.response_format;
      assert.equal(format.type, "json_schema");
      assert.equal(format.json_schema.name, "router_decision");
      assert.equal(format.json_schema.strict, true);
      const schema = format.json_schema.schema;
      assert.deepEqual(Object.keys(schema.properties ?? {}), [
        "selected",
        "debateMode",
        "evidenceNeed",
        "hitl",
        "reason",
        "inScope",
        "scopeReason",
      ]);
      assert.deepEqual(schema.required, Object.keys(schema.properties ?? {}), "strict: every property required");
      assert.equal(schema.additionalProperties, false, "strict: closed");
      const selected = schema.properties?.selected;
      assert.equal(selected?.type, "array");
      assert.match(String(selected?.description), /most important first/);
      assert.deepEqual(
        selected?.items?.enum,
        deps.prompts.specialists.map((s) => s.id),
        "the offered ids",
      );
      assert.doesNotMatch(request.messages[0].content, /priority/, "the Router's prompt names no second list");

      assert.deepEqual(state.decision?.selected, ["negotiation", "contract"]);
      assert.ok(state.decision && !("priority" in state.decision));
      // The Moderator reads the order from `selected` itself.
      const moderatorInput = readAgentFields(server.callsFor("moderator")[0].body.messages.at(-1)?.content as string) as {
        decision: Record<string, unknown>;
      };
      assert.deepEqual(moderatorInput.decision.selected, ["negotiation", "contract"]);
      assert.ok(!("priority" in moderatorInput.decision));
      // The quality gate re-asks the first selected specialist only (REQUERY_SPECIALISTS=1).
      assert.equal(server.callsFor("negotiation").length, 2);
      assert.equal(server.callsFor("contract").length, 1);
      assert.deepEqual(state.quality, { initialScore: 60, finalScore: 90, retried: true });
    });
  });
