import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { LocalDataStore } from "../../../src/storage/local-data-store";
import { aliasBombFrontMatter, javascriptFrontMatterPolicy } from "./hostile-files";
import { importFixture, temporaryDataDirectory } from "./import-fixture";

/** A fresh import folder holding the given files (paths relative to it). */
function importFolder(files: Record<string, string | Buffer>): string {
  const directory = mkdtempSync(path.join(os.tmpdir(), "procura-hostile-"));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(directory, name)), { recursive: true });
    writeFileSync(path.join(directory, name), content);
  }
  return directory;
}

describe("import of hostile files", () => {
  describe("front matter is YAML only", () => {
    for (const dryRun of [false, true]) {
      it(`never runs a ---js policy's front matter and reports it as file:1${dryRun ? " (dry run)" : ""}`, async () => {
        const marker = path.join(mkdtempSync(path.join(os.tmpdir(), "procura-marker-")), "ran.txt");
        const directory = importFolder({ "policies/evil.md": javascriptFrontMatterPolicy(marker) });
        const store = new LocalDataStore(temporaryDataDirectory());
        const result = await importFixture(store, "acme", { directory, dryRun });
        assert.equal(existsSync(marker), false, "the front matter's code ran");
        assert.equal((globalThis as { procuraFrontMatterRan?: boolean }).procuraFrontMatterRan, undefined);
        const policies = result.outcomes.find((o) => o.kind === "policies")!;
        assert.equal(policies.status, "rejected");
        assert.deepEqual(policies.issues.lines(), [
          'policies/evil.md:1: front matter: front matter in "js" is not read: only YAML front matter ("---") is allowed',
        ]);
        assert.deepEqual(await store.load("policies"), []);
      });
    }

    it("refuses a 706-byte billion-laughs front matter as a file:1 issue", async () => {
      const directory = importFolder({ "policies/laughs.md": `${aliasBombFrontMatter()}## 1. Scope\nText.\n` });
      const result = await importFixture(new LocalDataStore(temporaryDataDirectory()), "acme", { directory });
      assert.deepEqual(result.outcomes.find((o) => o.kind === "policies")!.issues.lines(), [
        "policies/laughs.md:1: front matter: front matter is not valid YAML: too many YAML aliases (an alias bomb?)",
      ]);
    });
  });
});
