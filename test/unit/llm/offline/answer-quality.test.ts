import assert from "node:assert/strict";
import type { RunState } from "../../../../src/domain";
import { offlineAsker } from "../../../fakes/workflow-harness";

/** Everything the answer says to the requester, as separate sentences. */
function answerSentences(state: RunState): string[] {
  const answer = state.answer!;
  const texts = [answer.conclusion, ...answer.rationale.map((r) => r.point), ...answer.nextActions];
  return texts
    .flatMap((text) => text.split(/(?<!\b(?:Ltd|Co|Inc|Corp|vs)\.)(?<=[.!?])\s+|(?<=[。！？])/))
    .map((s) => s.trim())
    .filter((s) => s.length > 12);
}

/** Every quote the answer or its findings show. */
function shownText(state: RunState): string {
  const evidence = state.findings.flatMap((f) => (f.status === "ok" ? [f.summary, ...f.evidence.map((e) => e.quote)] : []));
  return [...answerSentences(state), ...evidence].join("\n");
}

describe("offline answer quality", function () {
  this.timeout(20_000);
  let ask: (question: string) => Promise<RunState>;
  before(async () => {
    ask = await offlineAsker();
  });

  for (const question of [
    "Can we renew the Acme SaaS contract at +8%?",
    "取引先A社の昨年度の支出は？",
    "How many quotes do I need for a ¥5M purchase?",
    "5千万円のソフトウェアを購入したい",
    "Is Asahi Industrial Materials safe to work with?",
  ]) {
    it(`says no sentence or quote twice: ${question}`, async () => {
      const sentences = answerSentences(await ask(question));
      // A sentence said twice, or a long quote repeated inside another sentence.
      const repeated = sentences.filter((s, i) =>
        sentences.some((other, j) => j !== i && (other === s || (s.length >= 40 && other.includes(s)))),
      );
      assert.deepEqual(repeated, []);
    });
  }

  it("quotes only the policy tier that includes the amount asked about", async () => {
    const five = shownText(await ask("How many quotes do I need for a ¥5M purchase?"));
    assert.match(five, /¥1,000,000 to below ¥10,000,000/);
    assert.doesNotMatch(five, /Below ¥1,000,000|¥50,000,000 or more|¥10,000,000 or more/);
    const fifty = shownText(await ask("5千万円のソフトウェアを購入したい"));
    assert.match(fifty, /5,000 万円以上/);
    assert.doesNotMatch(fifty, /100 万円未満|100 万円以上 1,000 万円未満/);
  });

  it("answers a Japanese question wholly in Japanese: conclusion, rationale, evidence and next actions", async () => {
    const state = await ask("取引先A社の昨年度の支出は？");
    const english = /\b(transactions?|incidents?|risk|sanctions|on-time|quality|supplier since|largest|spend|to date|Review the cited)\b/;
    for (const text of shownText(state).split("\n")) assert.doesNotMatch(text, english, text);
    assert.match(state.answer!.conclusion, /件）/);
  });

  it("writes counts with the right plural in English", async () => {
    const text = shownText(await ask("Is Acme Cloud Software safe to work with?"));
    assert.match(text, /\b1 incident in 12 months/);
    assert.doesNotMatch(text, /\b1 incidents\b|\b1 transactions\b/);
  });
});
