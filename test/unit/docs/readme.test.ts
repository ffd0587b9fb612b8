import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";

const README = readFileSync(path.resolve(__dirname, "../../../README.md"), "utf8");

describe("README", () => {
  it("links each document once in its More list", () => {
    const more = README.slice(README.indexOf("## More"));
    const linked = [...more.matchAll(/^- \[[^\]]+\]\(([^)]+)\)/gm)].map((match) => match[1]);
    assert.ok(linked.length > 5);
    assert.deepEqual(
      linked.filter((target, i) => linked.indexOf(target) !== i),
      [],
    );
  });
});
