/**
 * Files an attacker could hand to `npm run import`, built at test time (a bomb is not committed).
 */

/** A 706-byte "billion laughs" front matter: nine levels of nine aliases, a billion strings once expanded. */
export function aliasBombFrontMatter(): string {
  const names = "abcdefghi";
  const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (let level = 1; level < names.length; level++)
    levels.push(
      `${names[level]}: &${names[level]} [${Array(9)
        .fill(`*${names[level - 1]}`)
        .join(",")}]`,
    );
  const head = `---\nkey: laughs\n${levels.join("\n")}\n`;
  const padding = 706 - head.length - "#\n---\n".length;
  return `${head}#${"-".repeat(padding)}\n---\n`;
}

/** A policy whose `---js` front matter, if evaluated, writes `marker` and sets `globalThis.procuraFrontMatterRan`. */
export function javascriptFrontMatterPolicy(marker: string): string {
  return [
    "---js",
    `(function () { require("node:fs").writeFileSync(${JSON.stringify(marker)}, "ran"); globalThis.procuraFrontMatterRan = true;`,
    '  return { key: "evil", language: "en", title: "Evil", version: "1", effectiveDate: "2025-01-01" }; })()',
    "---",
    "## 1. Scope",
    "Applies to everything.",
    "",
  ].join("\n");
}
