import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "../../..");

/** Runs `src/cli/<file>` as its npm script does, with no model, no Cosmos and an empty data folder of its own. */
function run(file: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { PATH: process.env.PATH, LLM_PROVIDER: "offline", PROCURA_DATA_DIR: mkdtempSync(path.join(tmpdir(), "procura-cli-args-")) };
  return new Promise((resolve) => {
    execFile(process.execPath, ["--import", "tsx", path.join("src/cli", file), ...args], { cwd: ROOT, env }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

/** Every npm run command, the arguments that ask it for help, and how its usage starts. */
const COMMANDS: { script: string; file: string; help: string[] }[] = [
  { script: "ask", file: "ask.ts", help: ["--help"] },
  { script: "import", file: "import.ts", help: ["--help"] },
  { script: "evaluate", file: "evaluate.ts", help: ["--help"] },
  { script: "evaluate", file: "evaluate.ts", help: ["golden", "--help"] },
  { script: "approvals", file: "approvals.ts", help: ["--help"] },
  { script: "approvals", file: "approvals.ts", help: ["export", "-h"] },
  { script: "seed", file: "seed.ts", help: ["--help"] },
  { script: "bench", file: "bench.ts", help: ["latency", "--help"] },
  { script: "bench", file: "bench.ts", help: ["data", "--help"] },
  { script: "chaos", file: "chaos.ts", help: ["--help"] },
  { script: "renewals", file: "renewals.ts", help: ["--help"] },
  { script: "dev", file: "dev.ts", help: ["--help"] },
  { script: "package", file: "package-app.ts", help: ["--help"] },
];

describe("every npm run command's arguments", function () {
  this.timeout(120_000);

  for (const { script, file, help } of COMMANDS) {
    it(`npm run ${script} -- ${help.join(" ")} prints the usage and exits 0 without running anything`, async () => {
      const { code, stdout, stderr } = await run(file, help);
      assert.equal(code, 0, stderr);
      assert.match(stdout, new RegExp(`^Usage: npm run ${script}\\b`));
      // Nothing ran: no model or data banner, no scenario, no store opened.
      assert.equal(stderr, "");
    });
  }

  for (const { script, file, help } of COMMANDS.filter((command, i) => COMMANDS.findIndex((other) => other.file === command.file) === i)) {
    it(`npm run ${script} with an unknown option names it in one line, then the usage, and exits 2`, async () => {
      const { code, stdout, stderr } = await run(file, [...help.slice(0, -1), "--colour", "blue"]);
      assert.equal(code, 2);
      assert.equal(stdout, "");
      const [first, ...rest] = stderr.trimEnd().split("\n");
      assert.equal(first, "Unknown option --colour.");
      assert.match(rest.join("\n"), new RegExp(`^Usage: npm run ${script}\\b`));
    });
  }
});
