import assert from "node:assert/strict";
import { recordIdIndex, UnderstandingSchema, type ConversationEntities } from "../../../../src/domain";
import { buildQuestionVocabulary, type QuestionVocabulary } from "../../../../src/tools/question/vocabulary";
import { ContractIdsOnFirstUse } from "../../../../src/tools/question/vocabulary";
import { rewriteOffline } from "../../../../src/llm/offline/rewriter";
import { createInMemoryProcurementData } from "../../../../src/tools/in-memory-procurement-data";
import { generateSampleDataSet } from "../../../../src/tools/sample-data";
import type { RewriterInput } from "../../../../src/domain";

const today = new Date("2026-11-21T09:00:00Z");
const noEntities: ConversationEntities = { suppliers: [], contracts: [], categories: [], periods: [], amounts: [] };

function input(
  question: string,
  previous?: { question: string; conclusion?: string; entities?: Partial<ConversationEntities> },
): RewriterInput {
  return {
    agent: "rewriter",
    question,
    language: /[ぁ-んァ-ン一-龯]/.test(question) ? "ja" : "en",
    turns: previous
      ? [{ question: previous.question, conclusion: previous.conclusion ?? "", entities: { ...noEntities, ...previous.entities } }]
      : [],
  };
}

describe("offline rewriter", () => {
  let vocabulary: QuestionVocabulary;
  before(async () => {
    vocabulary = await buildQuestionVocabulary(createInMemoryProcurementData(generateSampleDataSet()));
    await vocabulary.contractIds.ready();
  });
  const rewrite = (message: string, previous?: Parameters<typeof input>[1]) => {
    const output = rewriteOffline(input(message, previous), vocabulary, today);
    assert.ok(UnderstandingSchema.safeParse(output).success, `valid understanding: ${JSON.stringify(output)}`);
    return output;
  };

  it("swaps the supplier and keeps the period and topic", () => {
    const out = rewrite("And with Nimbus?", { question: "How much did we spend with Acme in FY2025?" });
    assert.deepEqual(out, {
      kind: "rewritten",
      standaloneQuestion: "How much did we spend with Nimbus Workflow Inc. in FY2025?",
      refersToPreviousAnswer: false,
      clarification: "",
    });
  });

  it("swaps several kinds at once and adds a kind the previous question lacked", () => {
    assert.equal(
      rewrite("And Stratus in FY2024?", { question: "What did we spend on cloud in FY2025?" }).standaloneQuestion,
      "What did we spend on cloud in FY2024 with Stratus Compute Services?",
    );
    assert.equal(rewrite("2024年度は？", { question: "アクメの2025年度の支出は？" }).standaloneQuestion, "アクメの2024年度の支出は？");
    assert.equal(
      rewrite("ニンバスは？", { question: "2025年度の支出は？" }).standaloneQuestion,
      "Nimbus Workflow Inc.の2025年度の支出は？",
    );
  });

  it("reads relative periods against today's fiscal year (April–March), and 'the year before' against the period discussed", () => {
    assert.equal(
      rewrite("And last year?", { question: "How much did we spend with Acme this fiscal year?" }).standaloneQuestion,
      "How much did we spend with Acme FY2025?",
    );
    assert.equal(
      rewrite("What about the year before?", { question: "How much did we spend with Acme in FY2023?" }).standaloneQuestion,
      "How much did we spend with Acme in FY2022?",
    );
    assert.equal(rewrite("前年は？", { question: "アクメの2025年度の支出は？" }).standaloneQuestion, "アクメの2024年度の支出は？");
  });

  it("replaces pronouns with the supplier or contract they stand for", () => {
    const entities = { suppliers: ["Tokyo Denki Systems Co., Ltd."], contracts: ["CTR-0009"] };
    assert.equal(
      rewrite("What is their risk profile?", { question: "What did we pay Tokyo Denki?", entities }).standaloneQuestion,
      "What is Tokyo Denki Systems Co., Ltd.'s risk profile?",
    );
    assert.equal(
      rewrite("When does it expire?", { question: "What are the terms of CTR-0009?", entities }).standaloneQuestion,
      "When does CTR-0009 expire?",
    );
    assert.equal(
      rewrite("先方に値引きを依頼するメールを作成して", { question: "東京電機システムの支出は？", entities }).standaloneQuestion,
      "Tokyo Denki Systems Co., Ltd.に値引きを依頼するメールを作成して",
    );
  });

  it("attaches the previous question to a message about the previous answer", () => {
    const out = rewrite("Is that above the cap?", {
      question: "Can we renew the Acme SaaS contract at +8%?",
      conclusion: "No: the cap is 5%.",
    });
    assert.equal(out.kind, "rewritten");
    assert.equal(out.refersToPreviousAnswer, true);
    assert.equal(out.standaloneQuestion, "Is that above the cap? (about: Can we renew the Acme SaaS contract at +8%?)");
    assert.equal(
      rewrite("なぜですか？", { question: "アクメの契約を更新できますか？" }).standaloneQuestion,
      "なぜですか？（前の質問: アクメの契約を更新できますか？）",
    );
  });

  it("leaves a question that stands alone as written, even after another turn", () => {
    for (const message of [
      "How many quotes do I need for a ¥5M purchase?",
      "What about the gift policy?",
      "50万円以上の購買には何社の見積が必要ですか？",
      "What is the risk rating of Northstar?",
    ]) {
      assert.deepEqual(
        rewrite(message, { question: "How much did we spend with Hayabusa in FY2024?" }),
        { kind: "standalone", standaloneQuestion: message, refersToPreviousAnswer: false, clarification: "" },
        message,
      );
    }
  });

  it("asks back when a message points at earlier context and nothing is remembered; otherwise stands alone", () => {
    for (const message of ["and them?", "Why?", "それはいくら？", "What about Nimbus?", "Is that above the cap?"]) {
      const out = rewrite(message);
      assert.equal(out.kind, "clarify", message);
      assert.ok(out.clarification.length > 10, message);
    }
    assert.equal(rewrite("それはいくら？").clarification.includes("取引先"), true, "asked back in the user's language");
    for (const message of [
      "Why do we need three quotes for a ¥5M purchase?",
      "取引先A社の支出推移は？",
      "Is it true that a ¥5M purchase needs three quotes?",
      "その他の費用の規程は？",
    ])
      assert.equal(rewrite(message).kind, "standalone", message);
  });

  it("leaves a question that names its own subject and period exactly as written, in any language after any other", () => {
    assert.equal(rewrite("How much did we spend with Acme in FY2025?", { question: "取引先A社の支出推移は？" }).kind, "standalone");
    assert.equal(
      rewrite("はやぶさ物流の2025年度の支出は？", { question: "How much did we spend with Hayabusa Logistics in FY2025?" }).kind,
      "standalone",
    );
  });

  it("completes a follow-up in another language in the follow-up's language, never spliced from both", () => {
    const out = rewrite("アクメは？", { question: "How much did we spend with Nimbus in FY2025?" });
    assert.equal(out.kind, "rewritten");
    assert.equal(out.standaloneQuestion, "Acme Cloud Softwareの2025年度の支出は？");
    const en = rewrite("And Acme?", { question: "取引先A社の2025年度の支出は？" });
    assert.doesNotMatch(en.standaloneQuestion, /[ぁ-ん]/, en.standaloneQuestion);
  });

  it("swaps and keeps contract ids in any format the data set holds, found by lookup (no id pattern assumed)", async () => {
    const sample = generateSampleDataSet();
    const contractIds = new ContractIdsOnFirstUse(async () =>
      recordIdIndex([...sample.contracts.map((c) => c.id), "契約-0042", "K-2025/017"]),
    );
    await contractIds.ready();
    const imported = { ...vocabulary, contractIds };
    const rewriteImported = (message: string, question: string) => rewriteOffline(input(message, { question }), imported, today);
    assert.equal(
      rewriteImported("And K-2025/017?", "What are the termination terms of 契約-0042?").standaloneQuestion,
      "What are the termination terms of K-2025/017?",
    );
    assert.equal(rewriteImported("契約-0042は？", "K-2025/017の解約条件は？").standaloneQuestion, "契約-0042の解約条件は？");
    assert.equal(
      rewriteImported("When does it end?", "What are the termination terms of 契約-0042?").standaloneQuestion,
      "When does it end? (about: What are the termination terms of 契約-0042?)",
    );
    // A token shaped like an id that no contract has is no contract: nothing is swapped for it.
    assert.equal(
      rewriteImported("And K-2025/018?", "What are the termination terms of 契約-0042?").standaloneQuestion,
      "And K-2025/018? (about: What are the termination terms of 契約-0042?)",
    );
  });

  it("looks a follow-up up for contract ids only when it may name one: unreadable ids fail only those", async () => {
    const damage = new Error("/data/contracts.json is not a valid data file (Unexpected token); import the data again");
    const contractIds = new ContractIdsOnFirstUse(async () => {
      throw damage;
    });
    await contractIds.ready();
    const damaged = { ...vocabulary, contractIds };
    const rewriteDamaged = (message: string, question: string) => rewriteOffline(input(message, { question }), damaged, today);
    const spend = "How much did we spend with Acme in FY2023?";
    assert.equal(rewriteDamaged("And FY2024?", spend).standaloneQuestion, "How much did we spend with Acme in FY2024?");
    assert.equal(rewriteDamaged("and last year?", spend).standaloneQuestion, "How much did we spend with Acme in FY2025?");
    assert.equal(rewriteDamaged("What about the year before?", spend).standaloneQuestion, "How much did we spend with Acme in FY2022?");
    assert.equal(
      rewriteDamaged("And with Nimbus?", spend).standaloneQuestion,
      "How much did we spend with Nimbus Workflow Inc. in FY2023?",
    );
    assert.equal(rewriteDamaged("2024年度は？", "アクメの2025年度の支出は？").standaloneQuestion, "アクメの2024年度の支出は？");
    // A word nothing else reads may be a contract id: its lookup fails with the read's own message.
    assert.throws(() => rewriteDamaged("And CTR-0002?", "What are the termination terms of CTR-0001?"), damage);
    assert.throws(() => rewriteDamaged("契約-0042は？", "K-2025/017の解約条件は？"), damage);
  });

  it("reads a supplier named another way than its name or aliases through the resolver (a typo, the full legal name)", () => {
    const out = rewrite("And Hayabusa Logistcs?", { question: "How much did we spend with Nimbus in FY2025?" });
    assert.equal(out.standaloneQuestion, "How much did we spend with Hayabusa Logistics Co., Ltd. in FY2025?");
  });
});
