import assert from "node:assert/strict";
import { once } from "node:events";
import { createServer, type Server, type Socket } from "node:net";
import { loadConfig } from "../../../src/config";
import { ConfigurationError } from "../../../src/domain";
import { startProcura } from "../../../src/index";

describe("startProcura in production without a bot identity", function () {
  this.timeout(10_000);
  let cosmos: Server;
  let endpoint: string;
  const connections: Socket[] = [];

  before(async () => {
    // Stands in for the Cosmos endpoint: it only records that someone connected.
    cosmos = createServer((socket) => connections.push(socket)).listen(0, "127.0.0.1");
    await once(cosmos, "listening");
    endpoint = `http://127.0.0.1:${(cosmos.address() as { port: number }).port}/`;
  });
  after(async () => {
    connections.forEach((socket) => socket.destroy());
    await new Promise((resolve) => cosmos.close(resolve));
  });

  it("refuses to start, naming BOT_ID, before it connects to the store", async () => {
    const config = loadConfig({ NODE_ENV: "production", LLM_PROVIDER: "offline", COSMOS_ENDPOINT: endpoint, COSMOS_KEY: "a2V5" });
    const connected = once(cosmos, "connection").then(() => "connected to the store" as const);
    const outcome = await Promise.race([
      startProcura(config, { port: 0, host: "127.0.0.1", log: () => undefined }).then(
        async (procura) => {
          await procura.stop();
          return "started" as const;
        },
        (error: unknown) => error,
      ),
      connected,
    ]);
    assert.ok(outcome instanceof ConfigurationError, `expected a configuration error first, got: ${String(outcome)}`);
    assert.match(outcome.message, /BOT_ID is required when NODE_ENV=production/);
    assert.equal(connections.length, 0, "no connection to the store was opened");
  });

  it("reports the missing identity before the missing store endpoint", async () => {
    const config = loadConfig({ NODE_ENV: "production", LLM_PROVIDER: "offline" });
    await assert.rejects(startProcura(config, { port: 0, host: "127.0.0.1", log: () => undefined }), (error: unknown) => {
      assert.ok(error instanceof ConfigurationError);
      assert.match(error.message, /BOT_ID is required/);
      return true;
    });
  });
});
