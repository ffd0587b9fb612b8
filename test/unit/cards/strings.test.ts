import assert from "node:assert/strict";
import { stringsFor, type UserStrings } from "../../../src/domain";

const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff]/;
/** Names that are the same in every language. */
const SAME_IN_EVERY_LANGUAGE = new Set(["cards.appName"]);

/** Every plain text (and text in a list) of a strings table, by its path. */
function plainTexts(value: unknown, path: string): [string, string][] {
  if (typeof value === "string") return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => plainTexts(item, `${path}[${index}]`));
  if (value !== null && typeof value === "object")
    return Object.entries(value).flatMap(([key, item]) => plainTexts(item, path ? `${path}.${key}` : key));
  return [];
}

describe("user-facing strings", () => {
  it("writes every fixed Japanese text in Japanese (no English left untranslated)", () => {
    const english = plainTexts(stringsFor("ja"), "").filter(([path, text]) => !SAME_IN_EVERY_LANGUAGE.has(path) && !JAPANESE.test(text));
    assert.deepEqual(english, []);
  });

  it("has the same texts in both languages, none empty", () => {
    const paths = (language: "en" | "ja") => plainTexts(stringsFor(language), "").map(([path]) => path);
    assert.deepEqual(paths("ja"), paths("en"));
    assert.deepEqual(
      plainTexts(stringsFor("en"), "").filter(([, text]) => text.trim() === ""),
      [],
    );
  });

  it("takes no table that misses an entry or whose entry takes other parameters (the compiler checks ja.ts the same way)", () => {
    const { cards, ...withoutCards } = stringsFor("ja");
    // @ts-expect-error a table without the card labels is not a strings table
    const incomplete: UserStrings = withoutCards;
    // @ts-expect-error a label taking a text where the English one takes a number does not fit
    const otherParameters: UserStrings = { ...stringsFor("ja"), cards: { ...cards, elapsed: (seconds: string) => seconds } };
    assert.notEqual(incomplete, otherParameters);
  });

  it("names the specialists still working in the stream's update, in the asker's language", () => {
    assert.equal(stringsFor("en").stream.checkingWith(["Contracts", "Spend", "Policy"]), "Checking with Contracts, Spend and Policy…");
    assert.equal(stringsFor("ja").stream.checkingWith(["契約", "支出"]), "契約、支出が確認しています…");
  });

  it("counts durations in words for English and with units for Japanese", () => {
    assert.deepEqual(
      [stringsFor("en").cards.duration(1, "day"), stringsFor("en").cards.duration(8, "hour"), stringsFor("ja").cards.duration(8, "hour")],
      ["1 day", "8 hours", "8時間"],
    );
  });
});
