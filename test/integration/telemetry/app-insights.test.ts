import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { runTrace } from "../../../src/telemetry/span-records";

/** One Application Insights envelope as the ingestion endpoint receives it. */
interface Envelope {
  name: string;
  tags: Record<string, string>;
  data: { baseType: string; baseData: Record<string, any> };
}

const CHILD = path.join(__dirname, "fixtures", "emit-telemetry.ts");
const PLANTED = [/taro/i, /yamada/i, /contoso/i, /1234-5678/, /Acme SaaS/i, /c2VjcmV0S2V5/, /commitment above/];

describe("Application Insights telemetry (loopback ingestion endpoint)", function () {
  this.timeout(30_000);
  let dir: string;
  let server: https.Server;
  const bodies: string[] = [];
  const probes: string[] = [];
  const envelopes: Envelope[] = [];
  let childOutput = "";

  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "procura-ai-"));
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1",
        "-keyout",
        path.join(dir, "key.pem"),
        "-out",
        path.join(dir, "cert.pem"),
      ],
      { stdio: "ignore" },
    );
    server = https.createServer(
      { key: readFileSync(path.join(dir, "key.pem")), cert: readFileSync(path.join(dir, "cert.pem")) },
      (request, response) => {
        const chunks: Buffer[] = [];
        request.on("data", (chunk: Buffer) => chunks.push(chunk));
        request.on("end", () => {
          const raw = Buffer.concat(chunks);
          const body = request.headers["content-encoding"] === "gzip" ? gunzipSync(raw).toString() : raw.toString();
          if (request.url?.startsWith("/probe")) probes.push(request.url);
          else bodies.push(body);
          if (request.url?.startsWith("/v2.1/track")) envelopes.push(...(JSON.parse(body) as Envelope[]));
          response.writeHead(200, { "content-type": "application/json" });
          response.end(JSON.stringify({ itemsReceived: 1, itemsAccepted: 1, errors: [] }));
        });
      },
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `https://127.0.0.1:${(server.address() as AddressInfo).port}/`;

    const child = spawn(process.execPath, ["--require", "tsx/cjs", CHILD], {
      env: {
        PATH: process.env.PATH,
        APPLICATIONINSIGHTS_CONNECTION_STRING: `InstrumentationKey=00000000-0000-0000-0000-000000000001;IngestionEndpoint=${base};LiveEndpoint=${base}`,
        CLOUD_ROLE_NAME: "procura-it",
        NODE_EXTRA_CA_CERTS: path.join(dir, "cert.pem"),
        APPLICATIONINSIGHTS_STATSBEAT_DISABLED: "true",
        PROBE_URL: `${base}probe`,
      },
      cwd: path.resolve(__dirname, "..", "..", ".."),
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.on("data", (chunk) => (childOutput += chunk));
    child.stderr.on("data", (chunk) => (childOutput += chunk));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    assert.equal(code, 0, `child failed:\n${childOutput}`);
  });

  after(() => {
    server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const events = (name: string) => envelopes.filter((e) => e.data.baseType === "EventData" && e.data.baseData.name === name);

  it("says once that telemetry is on, with the cloud role", () => {
    assert.equal(childOutput.match(/telemetry: Application Insights, cloud role 'procura-it'/g)?.length, 1, childOutput);
  });

  it("sends the custom events with the fixed names and properties, under the cloud role name", () => {
    const executor = events("ExecutorCompleted").find((e) => e.data.baseData.properties.executor === "moderator");
    assert.ok(executor, "ExecutorCompleted arrived");
    assert.equal(executor.tags["ai.cloud.role"], "procura-it");
    assert.deepEqual(executor.data.baseData.properties, {
      runId: "run-it-1",
      executor: "moderator",
      durationMs: "3100",
      model: "gpt-4o",
      inputTokens: "2100",
      outputTokens: "420",
      outcome: "ok",
      attempt: "1",
    });

    const [run] = events("RunCompleted");
    assert.ok(run, "RunCompleted arrived");
    for (const [key, value] of Object.entries({
      selected: "contract,spend",
      fallback: "false",
      qscoreInitial: "70",
      qscoreFinal: "85",
      retried: "true",
      hitl: "true",
      status: "answered",
    }))
      assert.equal(run.data.baseData.properties[key], value, key);
    assert.ok(Number(run.data.baseData.properties.totalMs) >= 9000);

    assert.deepEqual(events("ApprovalDecided")[0]?.data.baseData.properties, {
      approvalId: "apr-1",
      runId: "run-it-1",
      decision: "edited",
      waitMs: "600000",
    });
    assert.deepEqual(events("FeedbackReceived")[0]?.data.baseData.properties, { runId: "run-it-1", rating: "down", hasComment: "true" });
    assert.deepEqual(events("TranscriptEvaluated")[0]?.data.baseData.properties, {
      transcriptId: "tr-1",
      metric: "Judge",
      criterion: "[text]",
      verdict: "PASS",
      passed: "true",
      score: "0.9",
    });
  });

  it("sends the exception with its correlation id and kind, scrubbed", () => {
    const exception = envelopes.find((e) => e.data.baseType === "ExceptionData");
    assert.ok(exception, "exception arrived");
    assert.equal(exception.data.baseData.properties.correlationId, "corr-1234");
    assert.equal(exception.data.baseData.properties.errorKind, "configuration");
    assert.equal(exception.data.baseData.exceptions[0].typeName, "ConfigurationError");
    assert.match(exception.data.baseData.exceptions[0].message, /lookup failed for \[email\] \(\[phone\]\) with AccountKey=\[secret\]/);
  });

  it("records the executor as an invoke_agent dependency with gen_ai attributes", () => {
    const span = envelopes.find((e) => e.data.baseType === "RemoteDependencyData" && e.data.baseData.name === "invoke_agent moderator");
    assert.ok(span, "invoke_agent span arrived");
    assert.equal(span.data.baseData.properties["gen_ai.request.model"], "gpt-4o");
    assert.equal(span.data.baseData.properties["gen_ai.usage.input_tokens"], "2100");
    assert.equal(span.data.baseData.properties["gen_ai.agent.name"], "moderator");
  });

  it("exports executor_started as ExecutorStarted, and cached prompt tokens with the executor", () => {
    assert.deepEqual(events("ExecutorStarted")[0]?.data.baseData.properties, {
      runId: "run-it-1",
      executor: "contract",
      round: "initial",
      phase: "investigate",
      attempt: "1",
    });
    const contract = events("ExecutorCompleted").find((e) => e.data.baseData.properties.executor === "contract");
    assert.equal(contract?.data.baseData.properties.cachedInputTokens, "1536");
    const span = envelopes.find((e) => e.data.baseData.name === "invoke_agent contract");
    assert.equal(span?.data.baseData.properties["gen_ai.usage.cache_read.input_tokens"], "1536");
  });

  it("puts the run's spans into one trace: the run span is the parent of executor, gate and approval spans, tools hang under their executor", () => {
    const { traceId, spanId: runSpanId } = runTrace("run-it-1");
    const span = (name: string) => {
      const found = envelopes.find(
        (e) => e.data.baseData.name === name && (e.data.baseType === "RemoteDependencyData" || e.data.baseType === "RequestData"),
      );
      assert.ok(found, `${name} arrived; got ${envelopes.map((e) => e.data.baseData.name).join(", ")}`);
      return {
        id: found.data.baseData.id as string,
        operation: found.tags["ai.operation.id"],
        parent: found.tags["ai.operation.parentId"],
        properties: found.data.baseData.properties,
      };
    };
    const run = span("invoke_agent procura");
    assert.equal(run.id, runSpanId, "the run span has the id derived from the run id");
    assert.equal(run.operation, traceId);
    assert.ok(run.parent === undefined || run.parent === traceId, `the run span is the root (parent ${run.parent})`);
    const contract = span("invoke_agent contract");
    assert.equal(contract.id, "c0ffee0000000001", "the executor span has the step id stored with the run");
    for (const child of [contract, span("invoke_agent moderator"), span("quality_gate"), span("approval")]) {
      assert.equal(child.operation, traceId);
      assert.equal(child.parent, runSpanId);
    }
    const tool = span("execute_tool searchContracts");
    assert.equal(tool.operation, traceId);
    assert.equal(tool.parent, "c0ffee0000000001");
    assert.equal(tool.properties["gen_ai.tool.name"], "searchContracts");
    assert.equal(tool.properties["gen_ai.operation.name"], "execute_tool");
    for (const e of envelopes) assert.ok(!JSON.stringify(e).includes("procura.pin."), "pinning attributes never leave the process");
  });

  it("auto-collects outgoing HTTP calls as dependencies, the URL without its query (where personal data and keys travel)", () => {
    const probe = envelopes.find(
      (e) => e.data.baseType === "RemoteDependencyData" && String(e.data.baseData.data ?? "").includes("/probe"),
    );
    assert.ok(probe, `HTTP dependency arrived; got ${envelopes.map((e) => e.data.baseData.name).join(", ")}`);
    assert.match(probe.data.baseData.data, /\/probe$/);
    assert.ok(!JSON.stringify(probe).includes("yamada"), "the e-mail address in the query stays in the process");
  });

  it("sends latency and token metrics", () => {
    const names = envelopes
      .filter((e) => e.data.baseType === "MetricData")
      .flatMap((e) => e.data.baseData.metrics.map((m: { name: string }) => m.name));
    for (const name of ["procura.executor.duration", "procura.run.duration", "gen_ai.client.token.usage"])
      assert.ok(names.includes(name), `${name} in ${names.join(", ")}`);
  });

  it("lets the probe call through (the planted data reached the wire, so its absence in telemetry means something)", () => {
    assert.deepEqual(probes, ["/probe?user=taro.yamada%40contoso.co.jp"]);
  });

  it("never sends the question, names, e-mail addresses, phone numbers or keys", () => {
    assert.ok(bodies.length > 0);
    for (const body of bodies) for (const pattern of PLANTED) assert.doesNotMatch(body, pattern);
  });
});
