import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseFrontMatter } from "../../../src/domain/front-matter";
import { openPromptFiles } from "../../../src/eval/prompt-files";
import { readReferenceTopics } from "../../../src/eval/reference-topics";

const promptsDir = path.join(__dirname, "../../../prompts");

describe("reference topics by specialist", () => {
  const topics = readReferenceTopics(openPromptFiles(promptsDir));

  it("every specialist has its topics, so a live run is held to its own question's topics", () => {
    const ids = readdirSync(path.join(promptsDir, "specialists"))
      .filter((name) => name.endsWith(".md"))
      .map((name) => String(parseFrontMatter(readFileSync(path.join(promptsDir, "specialists", name), "utf8")).data.id));
    assert.deepEqual(Object.keys(topics.bySpecialist).sort(), ids.sort());
  });

  it("the whole scope is every topic once", () => {
    assert.equal(topics.all.length, 7);
    assert.equal(new Set(topics.all).size, topics.all.length);
    assert.deepEqual(topics.bySpecialist.negotiation, ["price negotiation", "price benchmarks"]);
  });
});
