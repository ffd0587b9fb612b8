/**
 * Credentials written into a model endpoint URL (userinfo, an api-key in the query) are never shown:
 * not in the start banner, the failover and circuit-breaker log lines, GET /healthz, the reply a
 * failed run sends, nor what `npm run ask` prints when the endpoint cannot be reached.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { useScriptedBot } from "../teams/bot-harness";
import { SAMPLE_DATA_DIR } from "../../fakes/test-config";

const run = promisify(execFile);
const PASSWORD = "s3cret-pw";
const QUERY_KEY = "k3y-in-query";
/** Port 9 (discard) on loopback: nothing listens, the connection is refused at once. */
const WITH_SECRETS = `http://operator:${PASSWORD}@127.0.0.1:9/v1?api-key=${QUERY_KEY}`;
const SHOWN = "http://127.0.0.1:9/v1";

function assertNoSecret(text: string, where: string): void {
  assert.ok(!text.includes(PASSWORD) && !text.includes(QUERY_KEY) && !text.includes("operator:"), `${where} shows a secret:\n${text}`);
}

describe("model endpoint credentials in the bot", function () {
  this.timeout(60_000);
  const suite = useScriptedBot({ fallbackEndpoints: [WITH_SECRETS], env: { MODEL_CIRCUIT_MIN_REQUESTS: "1" } });

  it("the banner, the failover and circuit lines, /healthz and the failed run's reply show the endpoint without them", async () => {
    const { harness, model } = suite;
    assert.ok(harness.log.includes(`model endpoint, fallback 1 ${SHOWN}: closed`), harness.log.join("\n"));
    // The primary fails with a 503: the call moves to the fallback, which refuses the connection.
    model.script("router", { status: 503 });
    const question = harness.message("Can we renew the Acme SaaS contract at +8%?");
    await harness.post(question);
    await harness.connector.waitFor(
      (a) => a.conversationId === question.conversation.id && a.method === "POST" && a.activity.type === "message",
      30_000,
      "a reply",
    );
    const log = harness.log.join("\n");
    assert.match(log, new RegExp(`model failover: \\S+ → ${SHOWN} `));
    assert.match(log, new RegExp(`model endpoint ${SHOWN} \\(\\S+\\): circuit open \\(ECONNREFUSED\\)`));
    assertNoSecret(log, "the log");

    const health = (await (await fetch(`${harness.bot.url}/healthz`)).json()) as { modelEndpoints: { endpoint: string }[] };
    assert.equal(health.modelEndpoints[1]?.endpoint, SHOWN);
    assertNoSecret(JSON.stringify(health), "/healthz");
    assertNoSecret(JSON.stringify(harness.connector.inConversation(question.conversation.id)), "the replies");
  });
});

describe("model endpoint credentials in npm run ask", function () {
  this.timeout(30_000);

  it("a failed run names the endpoint without them", async () => {
    const failed = (await run(process.execPath, ["--import", "tsx", "src/cli/ask.ts", "--json", "How many quotes do I need?"], {
      env: { PATH: process.env.PATH, PROCURA_DATA_DIR: SAMPLE_DATA_DIR, OPENAI_BASE_URL: WITH_SECRETS, LLM_MAX_RETRIES: "0" },
    }).then(
      () => assert.fail("expected exit code 1"),
      (error: unknown) => error,
    )) as { code: number; stdout: string; stderr: string };
    assert.equal(failed.code, 1, failed.stderr);
    const output = `${failed.stdout}\n${failed.stderr}`;
    assert.match(output, new RegExp(`cannot reach the model endpoint ${SHOWN} \\(ECONNREFUSED`));
    assertNoSecret(output, "npm run ask");
  });
});
