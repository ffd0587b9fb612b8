import assert from "node:assert/strict";
import { detectLanguage } from "../../../src/domain";

describe("detectLanguage", () => {
  for (const [text, expected] of [
    ["Can we renew the Acme SaaS contract at +8%?", "en"],
    ["取引先A社の支出推移は？", "ja"],
    ["Acme の SaaS 契約を 8% 値上げで更新できますか？", "ja"],
    ["What does 稟議 mean in our approval process?", "en"],
    ["", "en"],
  ] as const) {
    it(`${JSON.stringify(text)} → ${expected}`, () => assert.equal(detectLanguage(text), expected));
  }
});
