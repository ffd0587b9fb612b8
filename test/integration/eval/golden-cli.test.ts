import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { SAMPLE_DATA_DIR } from "../../fakes/test-config";

const run = promisify(execFile);
const golden = readFileSync(path.join(__dirname, "../../fixtures/golden/procurement.jsonl"), "utf8").split("\n").filter(Boolean);
const caseLine = (id: string) => golden.find((line) => line.includes(`"id": "${id}"`))!;

/**
 * `npm run evaluate -- golden` on a directory holding the given golden cases, offline (no model at
 * all); `missed` replaces a case's reference calls with one its run does not make.
 */
async function evaluateGolden(
  ids: string[],
  flags: string[] = [],
  missed?: { id: string; call: object },
): Promise<{ code: number; stdout: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), "golden-"));
  const lines = ids.map(caseLine).map((line) => {
    if (missed?.id !== JSON.parse(line).id) return line;
    const golden = JSON.parse(line) as object;
    return JSON.stringify({ ...golden, referenceToolCalls: [missed?.call] });
  });
  writeFileSync(path.join(dir, "cases.jsonl"), lines.join("\n"));
  try {
    const { stdout } = await run(process.execPath, ["--import", "tsx", "src/cli/evaluate.ts", "golden", "--dir", dir, ...flags], {
      env: { PATH: process.env.PATH, PROCURA_DATA_DIR: SAMPLE_DATA_DIR, LLM_PROVIDER: "offline" },
    });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, stdout: failed.stdout };
  }
}

describe("npm run evaluate -- golden", function () {
  this.timeout(60_000);

  it("prints a table, one line per skipped metric kind, the closing count, and exits 1 when a case fails, saying why", async () => {
    const { code, stdout } = await evaluateGolden(["approval-threshold", "acme-renewal-8pct"], [], {
      id: "acme-renewal-8pct",
      call: { name: "listSuppliers", arguments: { category: "telecom" } },
    });
    const lines = stdout.trimEnd().split("\n");
    assert.equal(code, 1);
    assert.match(lines[0], /^case\s+metric\s+score\s+result\s+note$/);
    // Each distinct call once, the evidence fetched up front counted apart from the specialists' own calls.
    assert.match(
      lines[2],
      /^approval-threshold\s+tool-call-accuracy\s+1\s+PASS\s+1 of 1 reference calls made \(1 by the evidence fetched up front\), 0 of the agents' 0 own calls not expected \(FLEXIBLE\)$/,
    );
    assert.match(
      lines[3],
      /^acme-renewal-8pct\s+tool-call-accuracy\s+0\s+FAIL\s+0 of 1 reference calls made \(0 by the evidence fetched up front\), 0 of the agents' 0 own calls not expected \(FLEXIBLE\); missing listSuppliers\(category=telecom\); fetched up front, not needed: /,
    );
    const skipped = lines.filter((line) => line.startsWith("skipped"));
    assert.deepEqual(
      skipped.map((line) => line.split(":")[0]),
      ["skipped agent-goal-accuracy for 2 cases", "skipped topic-adherence for 2 cases"],
    );
    assert.equal(lines.at(-1), "1 passed, 1 failed, 4 skipped");
  });

  it("--json keeps one JSON line per result and the summary; all passing exits 0", async () => {
    const { code, stdout } = await evaluateGolden(["approval-threshold"], ["--json"]);
    const lines = stdout
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    assert.equal(code, 0);
    assert.deepEqual(
      lines.slice(0, 3).map((line) => [line.id, line.metric, line.score ?? line.skipped !== undefined]),
      [
        ["approval-threshold", "tool-call-accuracy", 1],
        ["approval-threshold", "agent-goal-accuracy", true],
        ["approval-threshold", "topic-adherence", true],
      ],
    );
    assert.ok("summary" in lines[3]);
  });
});
