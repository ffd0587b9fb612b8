import assert from "node:assert/strict";
import { readAgentFields } from "../../../src/workflow/agent-message";
import { runQuestion } from "../../../src/workflow/runner";
import type { ChatCompletionBody, ScriptStep } from "../../fakes/scripted-model-server";
import { RENEWAL_QUESTION, findingReply, moderatorReply, routerReply } from "../../fakes/scripted-replies";
import { scriptedModel, useScriptedModelServer, workflowHarness } from "../../fakes/workflow-harness";
import { DOCUMENT_LINKS, linkedRegistry } from "../../unit/tools/tool-fixture";

/** A record as a tool message shows it to the specialist model. */
interface ShownRecord {
  ref: string;
  source: string;
  referenceId: string;
  quote: string;
}

/** The records the tool messages of a model request showed, in order. */
function shownRecords(body: ChatCompletionBody): ShownRecord[] {
  return body.messages.filter((m) => m.role === "tool").flatMap((m) => (JSON.parse(m.content) as { evidence: ShownRecord[] }).evidence);
}

/** The first record shown beside `ref`. */
function recordOf(records: readonly ShownRecord[], ref: string): ShownRecord {
  const record = records.find((r) => r.ref === ref);
  assert.ok(record, `a record was shown beside ${ref}`);
  return record;
}

describe("evidence handles: models cite records by short handles, runs keep reference ids (scripted model at the wire)", function () {
  this.timeout(20_000);
  const { server, baseUrl } = useScriptedModelServer();

  /** A contract specialist that asks for the Acme contracts and supplier profile, then answers with `reply`. */
  const contractSpecialist = (reply: (records: ShownRecord[]) => ScriptStep) =>
    server.fallback("contract", (body, callIndex) =>
      callIndex === 0
        ? {
            toolCalls: [
              { name: "searchContracts", arguments: { query: "Acme SaaS renewal", supplier: "Acme" } },
              { name: "getSupplierProfile", arguments: { name: "Acme" } },
            ],
          }
        : reply(shownRecords(body)),
    );

  async function run() {
    const { deps } = workflowHarness(scriptedModel(baseUrl()));
    deps.tools = linkedRegistry;
    const state = await runQuestion(deps, { question: RENEWAL_QUESTION });
    assert.equal(state.status, "answered");
    const finding = state.findings.find((f) => f.specialist === "contract");
    assert.ok(finding?.status === "ok", "the contract specialist answered");
    return { state, finding };
  }

  beforeEach(() => {
    server.fallback("router", routerReply(["contract"])).fallback("moderator", moderatorReply());
  });

  it("shows each record beside a handle numbered per distinct reference in order of first appearance", async () => {
    contractSpecialist(() => findingReply("Cap is 5%.", { evidence: [], quotes: [] }));
    await run();
    const records = shownRecords(server.callsFor("contract")[1].body);
    const firstHandle = new Map<string, string>();
    for (const record of records) if (!firstHandle.has(record.referenceId)) firstHandle.set(record.referenceId, record.ref);
    assert.deepEqual(
      [...firstHandle.values()],
      [...firstHandle.keys()].map((_, index) => `E${index + 1}`),
    );
    assert.deepEqual([...firstHandle.keys()].slice(0, 2), ["CTR-0001", "CTR-0003"]);
    // The supplier profile shows CTR-0001 again: the same record keeps its handle in the whole conversation.
    assert.ok(records.filter((r) => r.referenceId === "CTR-0001").length > 1);
    assert.ok(records.every((r) => r.ref === firstHandle.get(r.referenceId)));
  });

  it("stores a finding cited by handles with the records' real reference ids, sources, quotes and links; unknown handles are dropped", async () => {
    contractSpecialist(() =>
      findingReply("Cap is 5%.", {
        // E99 was never shown; "SUP-001" is a reference id a tool returned, written out instead of its handle.
        evidence: ["E2", "E1", "E99", "SUP-001"],
        quotes: [{ ref: "E4", source: "spend", quote: "¥52M in FY2025" }],
      }),
    );
    const { finding } = await run();
    const records = shownRecords(server.callsFor("contract")[1].body);
    const [e1, e2, e4] = [recordOf(records, "E1"), recordOf(records, "E2"), recordOf(records, "E4")];
    const supplier = records.find((r) => r.referenceId === "SUP-001")!;
    const acme = { id: "SUP-001", name: "Acme Cloud Software", nameJa: "アクメ" };
    assert.deepEqual(finding.evidence, [
      { source: e2.source, referenceId: "CTR-0003", quote: e2.quote },
      { source: e1.source, referenceId: "CTR-0001", quote: e1.quote, url: DOCUMENT_LINKS.contract },
      { source: "supplier", referenceId: "SUP-001", quote: supplier.quote, subject: acme },
      { source: "spend", referenceId: e4.referenceId, quote: "¥52M in FY2025", subject: acme },
    ]);
    assert.equal(e4.referenceId, "SPEND SUP-001 FY2025");
    assert.doesNotMatch(JSON.stringify(finding), /"E\d+"/, "no handle is kept");
  });

  it("shows a re-asked specialist its earlier finding's records beside handles, and resolves the handles it cites from them", async () => {
    server.fallback("contract", (body, callIndex) => {
      if (callIndex === 0) return { toolCalls: [{ name: "searchContracts", arguments: { query: "Acme SaaS renewal", supplier: "Acme" } }] };
      if (callIndex === 1) return findingReply("Cap is 5%.", { evidence: ["E1", "E2"], quotes: [] });
      // The re-ask round: it cites the second record of its earlier finding, by the handle shown beside it there.
      const input = readAgentFields(String(body.messages.find((m) => m.role === "user")?.content)) as {
        previous: { evidence: { ref: string; referenceId: string }[] };
      };
      return findingReply("Cap is 5%; the other contract never auto-renews.", { evidence: [input.previous.evidence[1].ref], quotes: [] });
    });
    server.fallback("moderator", (_body, callIndex) => moderatorReply({ qscore: callIndex === 0 ? 40 : 90 }));
    const { finding } = await run();
    const requery = readAgentFields(String(server.callsFor("contract")[2].body.messages.find((m) => m.role === "user")?.content)) as {
      previous: { evidence: { ref: string; referenceId: string }[] };
    };
    assert.deepEqual(
      requery.previous.evidence.map((e) => [e.ref, e.referenceId]),
      [
        ["E1", "CTR-0001"],
        ["E2", "CTR-0003"],
      ],
    );
    assert.equal(finding.summary, "Cap is 5%; the other contract never auto-renews.");
    assert.deepEqual(
      finding.evidence.map((e) => e.referenceId),
      ["CTR-0003"],
    );
  });

  it("resolves the Moderator's handles to the findings' reference ids; a handle or an id not in the findings is dropped alike", async () => {
    contractSpecialist(() => findingReply("Cap is 5%.", { evidence: ["E1", "E2", "E3"], quotes: [] }));
    server.fallback(
      "moderator",
      moderatorReply({
        rationale: [
          { point: "The cap is 5% a year.", citations: ["E2", "E1"] },
          { point: "Acme is low risk.", citations: ["E3", "E99", "CTR-9999"] },
          { point: "Both contracts renew differently.", citations: ["CTR-0003", "E2"] },
        ],
      }),
    );
    const { state } = await run();
    // The Moderator is shown the finding's records beside handles of its own conversation.
    const input = readAgentFields(String(server.callsFor("moderator")[0].body.messages.at(-1)?.content)) as {
      findings: { evidence: { ref: string; referenceId: string }[] }[];
    };
    assert.deepEqual(
      input.findings[0].evidence.map((e) => [e.ref, e.referenceId]),
      [
        ["E1", "CTR-0001"],
        ["E2", "CTR-0003"],
        ["E3", "SUP-001"],
      ],
    );
    assert.deepEqual(
      state.answer?.rationale.map((point) => point.citations),
      [["CTR-0003", "CTR-0001"], ["SUP-001"], ["CTR-0003"]],
    );
  });
});
