/**
 * Whether a question asks to commit the company (buy, order, sign, renew, award, pay, "approve
 * this") rather than asking about rules or data. The deterministic approval rule applies only to
 * the former: "Who must approve a PO of ¥12,000,000?" asks for a rule and must not wait for an
 * approver, while "We want to order ¥12,000,000 of laptops" does.
 */
export function asksToCommit(question: string): boolean {
  const text = question.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
  if (EXPLICIT_APPROVAL.some((pattern) => pattern.test(text))) return true;
  if (RULE_OR_DATA_QUESTION.some((pattern) => pattern.test(text))) return false;
  const english = text.replace(NOUN_PHRASES, " ");
  return COMMIT_FRAMES.some((pattern) => pattern.test(english)) || JAPANESE_COMMIT.test(text);
}

const VERB = String.raw`(?:buy|purchase|procure|order|sign|renew|extend|award|pay|place|commit|contract|go ahead|proceed|approve)`;

/** "Approve this", "please approve", "承認してください": a request for the sign-off itself. */
const EXPLICIT_APPROVAL = [
  /\b(?:please )?approve (?:this|it|the (?:purchase|order|request|po|contract|renewal|payment))\b/,
  /\bplease approve\b/,
  /承認(?:して|を)(?:ください|下さい|お願い|いただけ)/,
];

/** Questions about rules, thresholds, approvers or figures: asked to learn, not to act. */
const RULE_OR_DATA_QUESTION = [
  /^(?:who|what|which|when|where|why|how|is there|are there|does|do i need|do we need|did|list|show|explain|tell me)\b/,
  /\b(?:who (?:must|should|needs to|has to|can|may) (?:approve|sign)|what (?:is|are) the (?:rule|policy|threshold|limit|process))/,
  /誰が|誰の|承認者は|承認者を|規程|規定|ルール|とは|には(?:何|どう|誰)|いくら使|推移|教えて/,
];

/** Nouns that share a commit verb's spelling: "purchase order", "order of", "payment terms". */
const NOUN_PHRASES =
  /\b(?:purchase orders?|pos?|orders? (?:of|for|number|history|volume)|payment terms?|sign-?off|renewals? (?:date|terms?|clause))\b/g;

/** First-person intent, a request for permission, or an imperative at the start. */
const COMMIT_FRAMES = [
  new RegExp(
    String.raw`\b(?:i|we)(?:'d| would)? (?:want|wish|like|need|plan|intend|hope|am going|are going|'m going|'re going|am about|are about|have|are ready|am ready) to (?:\w+ ){0,2}${VERB}\b`,
  ),
  new RegExp(String.raw`\b(?:can|could|may|shall|should|must) (?:i|we) (?:\w+ ){0,1}${VERB}\b`),
  new RegExp(String.raw`\b(?:i|we)(?:'ll| will| shall) (?:\w+ ){0,1}${VERB}\b`),
  new RegExp(String.raw`\b(?:is it (?:ok|okay|fine|possible) to|ok to|okay to|let's|let us|please) (?:\w+ ){0,1}${VERB}\b`),
  new RegExp(String.raw`^(?:please )?${VERB}\b`),
];

/** 購入したい, 発注します, 契約を締結してよいか, 更新してください, 支払いたい, 買いたい. */
const JAPANESE_COMMIT =
  /(?:購入|発注|契約|締結|更新|落札|支払|採用|調達|延長)(?:を)?(?:し|い)?(?:たい|ます|ましょう|よう|てもよい|ても良い|てもいい|てよい|て良い|ていい|てください|て下さい|たく|する予定|を進め|をお願い|いたします|させて)|買い(?:たい|ます)|払い(?:たい|ます)/;
