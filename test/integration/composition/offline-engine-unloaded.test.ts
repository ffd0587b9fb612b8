import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { findingReply, moderatorReply, routerReply } from "../../fakes/scripted-replies";
import { useScriptedModelServer } from "../../fakes/workflow-harness";

const CHILD = path.join(__dirname, "fixtures", "ask-with-model.ts");

describe("the composition root with a model configured", function () {
  this.timeout(60_000);
  const { server, baseUrl } = useScriptedModelServer();

  it("answers with the evidence fetched up front and never loads the offline engine", async () => {
    server
      .fallback("router", routerReply(["contract"]))
      .fallback("contract", findingReply("Cap is 5%."))
      .fallback("negotiation", findingReply("Counter at +3%."))
      .fallback("moderator", moderatorReply());
    const { stdout } = await promisify(execFile)(process.execPath, ["--require", "tsx/cjs", CHILD], {
      env: { ...process.env, OPENAI_BASE_URL: baseUrl() },
    });
    const report = JSON.parse(stdout.trim().split("\n").pop()!) as { status: string; upFront: boolean; offline: string[] };
    assert.equal(report.status, "answered");
    assert.equal(report.upFront, true, "the latency levers are wired");
    assert.deepEqual(report.offline, [], "no module of src/llm/offline was loaded");
    // The specialist started with the contract search the question implies, run before any model asked for it.
    const contract = server.callsFor("contract")[0];
    assert.ok(contract && JSON.stringify(contract.body.messages).includes("CTR-0001"), "the contract evidence was in its first prompt");
  });
});
