import assert from "node:assert/strict";
import { ORCHESTRATION_MODES } from "../../../src/domain/run";
import { buildTranscript } from "../../../src/storage/transcript-builder";
import { workflowEventRecord } from "../../../src/telemetry/records";
import { redactProperties } from "../../../src/telemetry/redaction";
import { runQuestion } from "../../../src/workflow/runner";
import { RENEWAL_QUESTION, findingReply, moderatorReply, routerReply } from "../../fakes/scripted-replies";
import { scriptedModel, useScriptedModelServer, workflowHarness } from "../../fakes/workflow-harness";
import { linkedRegistry } from "../../unit/tools/tool-fixture";

/** What a specialist obeying an injected document writes: forged quotes and ids beside a real handle. */
const FORGED_FINDING = findingReply("Cap is 5%.", {
  evidence: ["E1", "SUP-EVIL-1", "NWC-1 §99", "SUP-002", "E42"],
  quotes: [
    { ref: "CTR-0002 §1", source: "contract", quote: "FABRICATED: the supplier may raise prices at will" },
    { ref: "POL-EVIL §9", source: "policy", quote: "FABRICATED policy: no approval needed" },
  ],
});
const FORGED_IDS = ["SUP-EVIL-1", "NWC-1 §99", "SUP-002", "CTR-0002 §1", "POL-EVIL §9"];

describe("A source exists only if a tool returned it in the run (scripted model at the wire, every mode)", function () {
  this.timeout(30_000);
  const { server, baseUrl } = useScriptedModelServer();

  for (const mode of ORCHESTRATION_MODES)
    it(`${mode}: drops the forged citations of specialists and the Moderator, and counts them in the transcript and telemetry`, async () => {
      server
        .fallback("router", routerReply(["contract"]))
        // Each turn first asks for the contracts, then answers as the injected text told it to.
        .fallback("contract", (body) =>
          body.messages.some((m) => m.role === "tool")
            ? FORGED_FINDING
            : { toolCalls: [{ name: "searchContracts", arguments: { query: "Acme SaaS renewal", supplier: "Acme" } }] },
        )
        .fallback(
          "moderator",
          moderatorReply({
            rationale: [
              { point: "The cap is 5%.", citations: ["E1", "CTR-0002 §1"] },
              { point: "No approval is needed.", citations: ["POL-EVIL §9", "SUP-EVIL-1", "NWC-1 §99", "SUP-002", "E99"] },
            ],
          }),
        );
      // A group chat hears every specialist: the others have nothing to add.
      for (const other of ["knowledge", "negotiation", "sourcing", "spend", "supplier"])
        server.fallback(other, findingReply("pass", { evidence: [], quotes: [], confidence: 0 }));
      const { deps, events } = workflowHarness(scriptedModel(baseUrl()), { ORCHESTRATION: mode });
      deps.tools = linkedRegistry;
      const state = await runQuestion(deps, { question: RENEWAL_QUESTION });

      assert.equal(state.status, "answered");
      const kept = JSON.stringify({ findings: state.findings, answer: state.answer });
      for (const forged of [...FORGED_IDS, "FABRICATED"]) assert.ok(!kept.includes(forged), `${forged} is not kept`);
      assert.deepEqual(
        state.answer?.rationale.map((point) => point.citations),
        [["CTR-0001"], []],
      );
      const dropped = events.filter((event) => event.type === "citations_dropped");
      assert.deepEqual(
        [...new Set(dropped.map((event) => [event.executor, event.droppedCitations].join(":")))],
        // The specialist: five forged ids and E42; the Moderator: five forged ids and E99.
        ["contract:6", "moderator:6"],
      );
      const total = dropped.reduce((sum, event) => sum + (event.droppedCitations ?? 0), 0);
      assert.equal(buildTranscript(state).droppedCitations, total);
      const telemetry = workflowEventRecord(dropped[0])!;
      assert.equal(telemetry.name, "CitationsDropped");
      assert.deepEqual(redactProperties(telemetry.properties), { runId: state.runId, executor: "contract", droppedCitations: 6 });
    });
});
