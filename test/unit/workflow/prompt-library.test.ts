import assert from "node:assert/strict";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defaultPromptsDir, loadPromptLibrary, renderTemplate } from "../../../src/workflow/prompt-library";

describe("prompt library", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "prompts-"));
    cpSync(defaultPromptsDir(), dir, { recursive: true });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("registers the six specialists from files, with en/ja names, tools and keywords", () => {
    const library = loadPromptLibrary(dir);
    assert.deepEqual(library.specialists.map((s) => s.id).sort(), [
      "contract",
      "knowledge",
      "negotiation",
      "sourcing",
      "spend",
      "supplier",
    ]);
    for (const specialist of library.specialists) {
      assert.ok(specialist.displayName.ja.length > 0 && specialist.tools.length > 0 && specialist.keywords.length > 10, specialist.id);
      assert.ok(
        specialist.keywords.some((k) => /[\u3040-\u9fff]/.test(k)),
        `${specialist.id} has Japanese keywords`,
      );
    }
    assert.match(library.router.text, /\{\{maxSpecialists\}\}/);
  });

  it("adds a seventh specialist by adding one file", () => {
    writeFileSync(
      path.join(dir, "specialists", "logistics.md"),
      "---\nid: logistics\ndisplayName: { en: Logistics, ja: 物流 }\ndescription: Freight and shipping.\ntools: [querySpend]\nkeywords: [freight, 物流]\n---\nYou are the logistics specialist.",
    );
    const logistics = loadPromptLibrary(dir).specialists.find((s) => s.id === "logistics");
    assert.equal(logistics?.systemPrompt, "You are the logistics specialist.");
    assert.equal(logistics?.temperature, 0.2);
  });

  it("names a missing file", () => {
    rmSync(path.join(dir, "moderator.md"));
    assert.throws(() => loadPromptLibrary(dir), /Prompt file not found: .*moderator\.md/);
  });

  it("names the file and field of invalid front matter", () => {
    writeFileSync(path.join(dir, "specialists", "broken.md"), "---\nid: broken\ndescription: x\n---\nbody");
    assert.throws(() => loadPromptLibrary(dir), /broken\.md: displayName/);
  });

  it("never evaluates a prompt file's ---js front matter: it is refused with its file and line", () => {
    const global = globalThis as { promptFrontMatterRan?: boolean };
    writeFileSync(
      path.join(dir, "specialists", "evil.md"),
      '---js\n(function () { globalThis.promptFrontMatterRan = true; return { id: "evil" }; })()\n---\nYou are evil.',
    );
    assert.throws(() => loadPromptLibrary(dir), /evil\.md:1: front matter in "js" is not read/);
    assert.equal(global.promptFrontMatterRan, undefined);
  });

  it("renders placeholders and refuses unknown ones", () => {
    assert.equal(renderTemplate("pick {{ max }} ids", { max: 3 }), "pick 3 ids");
    assert.throws(() => renderTemplate("{{missing}}", {}), /\{\{missing\}\} has no value/);
  });
});
