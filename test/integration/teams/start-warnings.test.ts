import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { stopChild, tailOf, waitForOutput } from "../../fakes/child-process";
import { SAMPLE_DATA_DIR } from "../../fakes/test-config";

describe("the bot's start", function () {
  this.timeout(120_000);

  it("prints no deprecation warning (restify's http_parser access, DEP0111)", async () => {
    const bot = spawn(process.execPath, ["--require", "tsx/cjs", "src/index.ts"], {
      env: {
        PATH: process.env.PATH,
        PROCURA_DATA_DIR: SAMPLE_DATA_DIR,
        NODE_ENV: "test",
        LLM_PROVIDER: "offline",
        PORT: "0",
        HOST: "127.0.0.1",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const output = tailOf(bot);
    try {
      await waitForOutput(bot, /Procura is listening on (\S+)\/api\/messages/);
    } finally {
      await stopChild(bot);
    }
    assert.doesNotMatch(output(), /DeprecationWarning|DEP0111/);
  });
});
