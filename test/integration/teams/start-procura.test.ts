import assert from "node:assert/strict";
import { once } from "node:events";
import { createServer, type Server, type Socket } from "node:net";
import { networkInterfaces } from "node:os";
import { testConfig } from "../../fakes/test-config";
import { ConfigurationError } from "../../../src/domain";
import { startProcura } from "../../../src/index";
import { openCosmosStore, type CosmosStore } from "../../../src/storage";

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
    const config = testConfig({ NODE_ENV: "production", LLM_PROVIDER: "offline", COSMOS_ENDPOINT: endpoint, COSMOS_KEY: "a2V5" });
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
    const config = testConfig({ NODE_ENV: "production", LLM_PROVIDER: "offline" });
    await assert.rejects(startProcura(config, { port: 0, host: "127.0.0.1", log: () => undefined }), (error: unknown) => {
      assert.ok(error instanceof ConfigurationError);
      assert.match(error.message, /BOT_ID is required/);
      return true;
    });
  });
});

describe("startProcura: where the endpoint listens, and a port in use", function () {
  this.timeout(30_000);
  let store: CosmosStore;
  before(async () => {
    store = await openCosmosStore(testConfig({ LLM_PROVIDER: "offline" }), { log: () => undefined });
  });
  after(async () => {
    await store?.close();
  });

  it("without BOT_ID it listens on 127.0.0.1 only: another address of this machine is not served", async () => {
    const procura = await startProcura(testConfig({ LLM_PROVIDER: "offline" }), { port: 0, store, log: () => undefined });
    try {
      assert.equal(procura.url, `http://127.0.0.1:${procura.port}`);
      assert.equal((await fetch(`${procura.url}/healthz`)).status, 200);
      const external = Object.values(networkInterfaces())
        .flat()
        .find((address) => address?.family === "IPv4" && !address.internal);
      if (external)
        await assert.rejects(
          fetch(`http://${external.address}:${procura.port}/healthz`),
          /fetch failed/,
          `not reachable on ${external.address}`,
        );
    } finally {
      await procura.stop();
    }
  });

  it("refuses a non-loopback HOST without BOT_ID before it opens the store, unless ALLOW_UNAUTHENTICATED=true", async () => {
    await assert.rejects(
      startProcura(testConfig({ LLM_PROVIDER: "offline", HOST: "0.0.0.0", COSMOS_ENDPOINT: "http://127.0.0.1:9/", COSMOS_KEY: "a2V5" }), {
        port: 0,
        log: () => undefined,
      }),
      (error: unknown) => {
        assert.ok(error instanceof ConfigurationError);
        assert.match(error.message, /HOST=0\.0\.0\.0 is not a loopback address and BOT_ID is not set/);
        return true;
      },
    );
    const procura = await startProcura(testConfig({ LLM_PROVIDER: "offline", HOST: "0.0.0.0", ALLOW_UNAUTHENTICATED: "true" }), {
      port: 0,
      store,
      log: () => undefined,
    });
    await procura.stop();
  });

  it("a port in use names the port and the PORT setting", async () => {
    const taken = createServer().listen(0, "127.0.0.1");
    await once(taken, "listening");
    const port = (taken.address() as { port: number }).port;
    try {
      await assert.rejects(
        startProcura(testConfig({ LLM_PROVIDER: "offline" }), { port, store, log: () => undefined }),
        (error: unknown) => {
          assert.ok(error instanceof ConfigurationError);
          assert.match(error.message, new RegExp(`port ${port} on 127\\.0\\.0\\.1 is already in use .*set PORT to a free port`));
          return true;
        },
      );
    } finally {
      taken.close();
    }
  });
});
