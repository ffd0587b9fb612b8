import type { Language } from "../domain";

/** A question a newcomer can ask as is, and what it shows them. */
export interface PromptStarter {
  question: string;
  description: string;
}

/**
 * The example questions of the Teams app's prompt starters, the welcome card and `help`: one list, so
 * what Teams suggests and what the bot says it can answer never drift apart. Each is answerable from
 * the sample data set (a test asks every one of them offline).
 */
export const PROMPT_STARTERS: Readonly<Record<Language, readonly PromptStarter[]>> = {
  en: [
    {
      question: "Can we renew the Acme SaaS contract at +8%?",
      description: "Contract terms, price caps and negotiation room for a renewal",
    },
    {
      question: "What did we spend with our logistics suppliers this fiscal year?",
      description: "Spend by supplier and category, with the figures behind it",
    },
    { question: "Which approvals does a 15M JPY purchase need?", description: "The approval matrix and the policy sections that apply" },
    { question: "Which suppliers are high-risk, and why?", description: "Supplier risk ratings, incidents and certifications" },
  ],
  ja: [
    { question: "取引先A社の支出推移は？", description: "取引先別・期間別の支出とその根拠" },
    { question: "Acme の SaaS 契約を 8% 値上げで更新できますか？", description: "更新時の契約条件・上限・交渉余地" },
    { question: "1,500 万円の購買に必要な承認は？", description: "承認マトリクスと該当する規程" },
    { question: "リスクの高いサプライヤーはどこですか？", description: "サプライヤーのリスク評価・インシデント・認証" },
  ],
};
