import assert from "node:assert/strict";
import { networkInterfaces } from "node:os";
import { startPlayground, type RunningPlayground } from "../../../src/cli/dev-playgrounds";

/** Another address of this machine: its network address when it has one, and 127.0.0.2 (loopback's other address on Linux). */
function otherAddresses(): string[] {
  const external = Object.values(networkInterfaces())
    .flat()
    .filter((address) => address?.family === "IPv4" && !address.internal)
    .map((address) => address!.address);
  return [...external.slice(0, 1), "127.0.0.2"];
}

describe("the Playgrounds of `npm run dev` listen on loopback only, like the bot", function () {
  this.timeout(60_000);
  let playground: RunningPlayground | undefined;
  after(() => playground?.child.kill("SIGTERM"));

  it("serves 127.0.0.1 and no other address of this machine", async () => {
    // No bot answers there: the Playground only needs an endpoint to show.
    playground = await startPlayground("http://127.0.0.1:9/api/messages", 0);
    assert.equal((await fetch(playground.url)).status, 200);
    for (const address of otherAddresses())
      await assert.rejects(fetch(`http://${address}:${playground.port}/`), /fetch failed/, `not reachable on ${address}`);
  });
});
