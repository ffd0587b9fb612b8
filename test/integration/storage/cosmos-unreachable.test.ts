import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { createServer } from "node:net";
import { promisify } from "node:util";
import { testConfig } from "../../fakes/test-config";
import { ConfigurationError, failureReport } from "../../../src/domain/errors";
import { sharedEmbeddedAzurite } from "../../../src/queue/embedded-azurite";
import { openCosmosStore } from "../../../src/storage";

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("openCosmosStore with an unreachable COSMOS_ENDPOINT", () => {
  it("fails with one line naming the endpoint, the setting and what to check, the detail behind PROCURA_DEBUG", async () => {
    const endpoint = `https://127.0.0.1:${await closedPort()}/`;
    const config = testConfig({
      NODE_ENV: "test",
      COSMOS_ENDPOINT: endpoint,
      COSMOS_KEY: Buffer.from("not a real key").toString("base64"),
    });
    const error = await openCosmosStore(config, { log: () => undefined }).then(
      () => assert.fail("opened a store at a closed port"),
      (failure: unknown) => failure,
    );
    assert.ok(error instanceof ConfigurationError);
    assert.equal(
      failureReport(error, false),
      `Cosmos at ${endpoint} cannot be reached (ECONNREFUSED: connection refused: nothing is listening at that address and port). Check COSMOS_ENDPOINT, and that the account or emulator is up and reachable from this machine. (PROCURA_DEBUG=1 shows the detail)`,
    );
    assert.match(failureReport(error, true), /caused by: .*ECONNREFUSED/);
  });

  it("never prints the user, password or query of COSMOS_ENDPOINT: not in the one line, nor with PROCURA_DEBUG", async () => {
    const port = await closedPort();
    const error = await openCosmosStore(
      testConfig({ NODE_ENV: "test", COSMOS_ENDPOINT: withSecrets(port), COSMOS_KEY: Buffer.from("not a real key").toString("base64") }),
      { log: () => undefined },
    ).catch((failure: unknown) => failure);
    assert.ok(error instanceof ConfigurationError);
    assert.ok(
      failureReport(error, false).startsWith(`Cosmos at https://127.0.0.1:${port}/ cannot be reached`),
      failureReport(error, false),
    );
    assertNoSecret(failureReport(error, false), "the one line");
    assertNoSecret(failureReport(error, true), "the debug detail");
    assertNoSecret(error.message, "the error's message");
  });
});

const PASSWORD = "s3cret-pw";
const SIGNATURE = "sig-in-query";
/** An endpoint with a user, a password and a SAS-like query, on a port nothing listens on. */
const withSecrets = (port: number) => `https://admin:${PASSWORD}@127.0.0.1:${port}/?sig=${SIGNATURE}`;

function assertNoSecret(text: string, where: string): void {
  assert.ok(!text.includes(PASSWORD) && !text.includes(SIGNATURE) && !text.includes("admin:"), `${where} shows a secret:\n${text}`);
}

describe("COSMOS_ENDPOINT credentials at bot start, npm run ask and npm run import", function () {
  this.timeout(120_000);
  const commands: [string, string[]][] = [
    ["bot start", ["src/index.ts"]],
    ["npm run ask", ["src/cli/ask.ts", "How many quotes do I need?"]],
    ["npm run import", ["src/cli/import.ts", "test/fixtures/import/acme"]],
  ];
  for (const [name, args] of commands)
    it(`${name} fails naming the endpoint without them, with PROCURA_DEBUG too`, async () => {
      const endpoint = withSecrets(await closedPort());
      for (const debug of ["0", "1"]) {
        const failed = (await promisify(execFile)(process.execPath, ["--import", "tsx", ...args], {
          env: {
            PATH: process.env.PATH,
            NODE_ENV: "test",
            PORT: "0",
            COSMOS_ENDPOINT: endpoint,
            COSMOS_KEY: Buffer.from("not a real key").toString("base64"),
            PROCURA_DEBUG: debug,
            // The bot needs a run queue beside a Cosmos account: a reachable one, so the store is what fails.
            RUN_QUEUE_CONNECTION_STRING: (await sharedEmbeddedAzurite()).connectionString,
          },
        }).then(
          () => assert.fail(`${name} succeeded against a closed port`),
          (error: unknown) => error,
        )) as { code: number; stdout: string; stderr: string };
        assert.notEqual(failed.code, 0);
        assert.match(failed.stderr, /Cosmos at https:\/\/127\.0\.0\.1:\d+\/ cannot be reached/);
        assertNoSecret(failed.stdout + failed.stderr, `${name} (PROCURA_DEBUG=${debug})`);
      }
    });
});
