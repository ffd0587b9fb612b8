import assert from "node:assert/strict";
import { createServer } from "node:net";
import { testConfig } from "../../fakes/test-config";
import { ConfigurationError, failureReport } from "../../../src/domain/errors";
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
});
