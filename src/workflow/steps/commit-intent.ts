/**
 * Whether a question asks to commit the company rather than to learn about rules or data: read as a
 * small grammar, not a list of phrasings. A sentence commits when a commitment act (sign, conclude,
 * order, renew, 結ぶ, 締結, 発注…) is governed by the requester's permission, ability, intent or
 * request ("can we", "is it OK to", "we would like to", "please", 〜てもよいですか, 〜できますか,
 * 〜たい, 〜てください), in any politeness, tense of the frame or word order. A question built on a
 * question word (who, what, how much, 誰, いくら…) asks for a figure or a rule and does not commit,
 * nor does a statement of what was done ("did we sign", 更新しました).
 */
export function asksToCommit(question: string): boolean {
  // An empty piece (after the last stop) commits to nothing in either language.
  const sentences = question.normalize("NFKC").split(/(?<=[。!?])\s*/);
  return sentences.some((sentence) => englishCommits(englishForm(sentence)) || japaneseCommits(sentence.trim()));
}

// ---- English -------------------------------------------------------------------------------------

/** Commitment acts by lemma, separated by commas; irregular forms after the colon. */
const EN_ACTS =
  "sign,conclude,agree,enter:entered|entering|enters,order,buy:bought|buying|buys,purchase,procure,renew,extend,award,accept," +
  "commit:committed|committing|commits,contract,pay:paid|paying|pays,place,approve,go ahead:goes ahead|going ahead|went ahead," +
  "proceed,execute,engage,hire,lease,close,finalize,finalise,issue,outsource,subscribe";

/** Every form of each act: "sign", "signs", "signed", "signing"; "place", "placed", "placing". */
const ACT_FORMS = EN_ACTS.split(",")
  .flatMap((entry) => {
    const [lemma, irregular] = entry.split(":");
    if (irregular) return [lemma, ...irregular.split("|")];
    const stem = lemma.replace(/e$/, "");
    return [lemma, `${lemma}s`, `${stem}ed`, `${stem}ing`];
  })
  .sort((a, b) => b.length - a.length)
  .join("|");

/** An act used as a verb, not as the first word of a noun compound ("order history", "purchase orders"). */
const ACT = String.raw`(?:${ACT_FORMS})\b(?! (?:orders?|history|dates?|terms?|volumes?|numbers?|status|price|values?|records?|details?)\b)`;
const SUBJECT = String.raw`(?:we|i|us|me|our (?:company|team|department)|the company|my team|procurement)`;
/** Up to three words between the frame and the act: "go ahead and", "formally", "not". */
const GAP = String.raw`(?:[\w'-]+ ){0,3}?`;
const PERMITTED = String.raw`(?:ok|okay|fine|alright|all right|possible|allowed|permitted|able|cleared|authori[sz]ed|free|acceptable|safe|appropriate|good)`;

const EN_FRAMES = [
  // Modal question or statement: "can we sign", "should the company renew", "we will order".
  String.raw`\b(?:can|could|may|might|shall|should|must|will|would)(?:n't| not)? ${SUBJECT} ${GAP}${ACT}`,
  String.raw`\b${SUBJECT} (?:can|could|may|shall|should|will|would) ${GAP}${ACT}`,
  // Permission as a predicate: "is it OK for us to", "are we allowed to", "OK to".
  String.raw`(?:^|\b(?:is|would|will|it|be|are|am|we|i|it's|we're|i'm)\b.{0,20}?)${PERMITTED}(?: for ${SUBJECT})? to ${GAP}${ACT}`,
  String.raw`\b${PERMITTED} (?:if|that) ${SUBJECT} ${GAP}${ACT}`,
  // Holding the permission: "do we have the authority to accept".
  String.raw`\b${SUBJECT} (?:have|get|got) (?:the )?(?:authority|approval|permission|go-ahead|green light|mandate|clearance|sign-off) to ${GAP}${ACT}`,
  // Intent: "we would like to", "I need to", "we plan to".
  String.raw`\b${SUBJECT} (?:would |are |am )?(?:want|wish|like|need|plan|planning|intend|hope|propose|going|about|ready|decided|have decided|expect)s? to ${GAP}${ACT}`,
  // Request: "please sign", "let us renew", "would you approve us awarding", a leading imperative.
  String.raw`(?:^|\b(?:please|kindly|let us) )(?:go ahead and |now |just )?${ACT}`,
  String.raw`\b(?:can|could|will|would) you (?:approve|authori[sz]e|allow|let|permit|clear) (?:us|me|our)\b`,
  // Objection: "any objection to us placing", "a problem if we sign".
  String.raw`\b(?:objections?|problems?|issues?|concerns?) (?:to|with|if) (?:${SUBJECT} )?${GAP}${ACT}`,
  // A sign-off on this very request.
  String.raw`\bapprove (?:this|it|the (?:purchase|order|request|contract|renewal|payment))\b`,
].map((frame) => new RegExp(frame));

/** A question word at the head of the sentence: it asks for a figure, a person or a rule. */
const EN_QUESTION_WORD =
  /^(?:who|whom|whose|what|which|when|where|why|how|list|show|explain|describe|summari[sz]e|give me|find|tell me(?! (?:whether|if)))\b/;

function englishForm(sentence: string): string {
  return sentence
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/\blet's\b/g, "let us")
    .replace(/\b(we|i)'d\b/g, "$1 would")
    .replace(/\b(we|i)'ll\b/g, "$1 will")
    .replace(/\b(we)'re\b/g, "$1 are")
    .replace(/\bi'm\b/g, "i am")
    .replace(/[,;:—–]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

function englishCommits(sentence: string): boolean {
  if (EN_QUESTION_WORD.test(sentence)) return false;
  return EN_FRAMES.some((frame) => frame.test(sentence));
}

// ---- Japanese ------------------------------------------------------------------------------------

/** Sino-Japanese commitment nouns, acts when followed by する, できる, 可能 or お願い. */
const JA_SURU_ACTS = "契約|締結|発注|注文|購入|購買|調達|更新|延長|落札|支払|合意|承諾|受諾|署名|サイン|採用|導入|委託|申込|決定|発行|手配";
/** Native verbs, by stem, with the kana that conjugate them (結ぶ・結び・結ん・結べ…). */
const JA_VERBS = String.raw`結[ぶびんべばぼ]|買[いうっえわお]|払[いうっえわお]|交わ[すしせさそ]|受け?入れ|応じ|決め|踏み切[るりっれら]|申し込[むみんめま]|頼[むみんめま]|任せ`;
const JA_ACT = new RegExp(
  String.raw`(?:(?:${JA_SURU_ACTS})を?(?:し|す|さ|でき|出来|いたし|致し|可能|お願い|いただ|頂)|(?:${JA_VERBS}))`,
  "g",
);

/**
 * What may follow the act to the end of the sentence for the act to be its predicate: kana (〜てもよいですか,
 * 〜たいのですが), punctuation and the few kanji words of permission, ability or intent.
 */
const JA_PREDICATE_TAIL =
  /^(?:[ぁ-ゖー\s、,・…!?。]|可能|問題|大丈夫|差し?支え|構|宜|良|出来|予定|方向|考え|思|下さい|頂|戴|致|許可|了承|願|ok)*$/i;
/** A completed act, unless a permission word follows it (〜てもよかったですか). */
const JA_PAST = /(?:した|った|んだ|れた|ました)(?:か|よね|っけ|の)?[?!。\s]*$/;
const JA_PERMISSION = /よ(?:い|かった)|良|いい|よろし|宜し|構|大丈夫|問題|差し?支え/;
/** A question word: 誰, 何, いくら, いつ, どの… (not inside 何卒, どうか, ほどの). */
const JA_QUESTION_WORD = /誰|何(?!卒)|(?<![ぁ-ゖ])(?:だれ|なに(?!とぞ)|いつ|いくら|いくつ|どの|どれ|どこ|どなた|どう(?!か|ぞ)|なぜ)/;
const EXPLICIT_APPROVAL = /承認(?:して|を)(?:ください|下さい|お願い|いただけ)/;

function japaneseCommits(sentence: string): boolean {
  if (EXPLICIT_APPROVAL.test(sentence)) return true;
  if (JA_QUESTION_WORD.test(sentence)) return false;
  for (const match of sentence.matchAll(JA_ACT)) {
    const tail = sentence.slice(match.index + match[0].length);
    if (!JA_PREDICATE_TAIL.test(tail)) continue;
    if (JA_PAST.test(tail) && !JA_PERMISSION.test(tail)) continue;
    return true;
  }
  return false;
}
