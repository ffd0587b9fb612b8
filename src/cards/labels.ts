import type { Language } from "../domain";

/** Every fixed text a card shows, in one language. Parametrised labels are small functions. */
export interface CardLabels {
  appName: string;
  // progress
  progressTitle: string;
  progressTitleDone: string;
  phaseRouting: string;
  phaseSpecialists: string;
  phaseModerating: string;
  phaseRechecking: string;
  phaseFinishing: string;
  phaseAnswered: string;
  phaseUnderReview: string;
  phaseFailed: string;
  phaseClarifying: string;
  statusWaiting: string;
  statusWorking: string;
  statusDone: string;
  statusFailed: string;
  elapsed: (seconds: number) => string;
  // answer
  question: string;
  conclusion: string;
  rationale: string;
  sources: string;
  evidence: string;
  findings: string;
  nextActions: string;
  confidence: (percent: number) => string;
  showDetails: string;
  failedSpecialists: string;
  offline: string;
  reviewed: string;
  reviewedEdited: string;
  /** After the QSCORE of an answer an approver rewrote: the score is the draft's. */
  draftBeforeReview: string;
  understoodAs: string;
  suggestedFollowUps: string;
  clarifyTitle: string;
  feedbackPrompt: string;
  feedbackCommentPlaceholder: string;
  thumbsUp: string;
  thumbsDown: string;
  feedbackThanks: (rating: "up" | "down") => string;
  // notices
  errorTitle: string;
  errorBody: string;
  errorWhatToDo: string;
  correlationId: string;
  operatorNoticeTitle: (kind: "run_failed" | "run_poisoned" | "run_retried") => string;
  operatorRunId: string;
  operatorErrorKind: string;
  operatorAttempts: string;
  operatorSuppressed: (count: number) => string;
  operatorOpenTransaction: string;
  welcomeTitle: string;
  welcomeBody: string;
  helpTitle: string;
  helpBody: string;
  memoryNote: (duration: string) => string;
  examplesHeading: string;
  commandsHeading: string;
  commands: string[];
  underReviewTitle: string;
  underReviewBody: string;
  outOfScopeTitle: string;
  outOfScopeBody: string;
  outOfScopeExamplesHeading: string;
  /** Two or three procurement questions in this language, to show what can be asked instead. */
  outOfScopeExamples: string[];
  rejectedTitle: string;
  rejectedBody: string;
  /** The reply to a question the model service's content filter refused: polite, and never the service's words. */
  blockedTitle: string;
  blockedBody: string;
  reason: string;
  expiredNoticeTitle: string;
  expiredNoticeBody: string;
  // approvals
  approvalTitle: string;
  requester: string;
  draftAnswer: string;
  specialists: string;
  whyApproval: string;
  reminder: (since: string) => string;
  approve: string;
  editAndApprove: string;
  reject: string;
  editedTextLabel: string;
  editedTextRequired: string;
  submitEdited: string;
  rejectReasonLabel: string;
  rejectReasonPlaceholder: string;
  rejectReasonRequired: string;
  submitReject: string;
  outcomeApproved: string;
  outcomeEdited: string;
  outcomeRejected: string;
  outcomeExpired: string;
  decidedBy: string;
  decidedAt: string;
  comment: string;
  finalText: string;
  expiredBody: string;
  decisionTooLate: string;
  // approval history
  historyTitle: string;
  historyScope: (days: number, supplier: string | undefined, page: number) => string;
  historyEmpty: string;
  historyDecision: string;
  historyApprover: string;
  historyTimeToDecision: string;
  historyEdited: string;
  yes: string;
  no: string;
  historyOpenThread: string;
  historyNextPage: string;
  historyDuration: (minutes: number) => string;
}

/** The keys of labels that are plain texts (not lists or functions). */
export type TextLabelKey = { [K in keyof CardLabels]: CardLabels[K] extends string ? K : never }[keyof CardLabels];

const en: CardLabels = {
  appName: "Procura",
  progressTitle: "Working on your question",
  progressTitleDone: "Your question",
  phaseRouting: "Choosing the specialists…",
  phaseSpecialists: "Specialists are investigating…",
  phaseModerating: "The moderator is writing the answer…",
  phaseRechecking: "Quality re-check: asking again for what was missing…",
  phaseFinishing: "Finishing…",
  phaseAnswered: "Done: the answer is below.",
  phaseUnderReview: "Done: the draft answer is with an approver; you will get it here after review.",
  phaseFailed: "Stopped: see the message below.",
  phaseClarifying: "I need one detail: see the question below.",
  statusWaiting: "waiting",
  statusWorking: "working",
  statusDone: "done",
  statusFailed: "failed",
  elapsed: (seconds) => `Elapsed: ${seconds} s`,
  question: "Question",
  conclusion: "Conclusion",
  rationale: "Rationale",
  sources: "Sources",
  evidence: "Evidence",
  findings: "Specialist findings",
  nextActions: "Next actions",
  confidence: (percent) => `confidence ${percent}%`,
  showDetails: "Show or hide details",
  failedSpecialists: "Not included (the specialist failed)",
  offline: "Offline — produced without a language model",
  reviewed: "Reviewed by an approver",
  reviewedEdited: "Reviewed and edited by an approver",
  draftBeforeReview: " (draft before review)",
  understoodAs: "Understood as",
  suggestedFollowUps: "You could ask next",
  clarifyTitle: "Which one do you mean?",
  feedbackPrompt: "Was this helpful?",
  feedbackCommentPlaceholder: "Optional comment",
  thumbsUp: "👍 Helpful",
  thumbsDown: "👎 Not helpful",
  feedbackThanks: (rating) => `Thanks for your feedback (${rating === "up" ? "👍" : "👎"}).`,
  errorTitle: "Sorry, something went wrong",
  errorBody: "The answer could not be completed. Nothing was lost: you can ask again.",
  errorWhatToDo: "Try again in a minute. If it keeps happening, send the correlation id below to your administrator.",
  correlationId: "Correlation id",
  operatorNoticeTitle: (kind) =>
    ({ run_failed: "A run failed", run_poisoned: "A run was poisoned and set aside", run_retried: "A run needed a retry" })[kind],
  operatorRunId: "Run id",
  operatorErrorKind: "Error kind",
  operatorAttempts: "Attempts",
  operatorSuppressed: (count) => `${count} more notice(s) were held back (rate limit or duplicates) since the last card.`,
  operatorOpenTransaction: "Open the transaction in Application Insights",
  welcomeTitle: "Welcome to Procura",
  welcomeBody:
    "I answer procurement questions with a council of specialists (contracts, spend, negotiation, sourcing, policies, suppliers) and show the evidence behind every answer. Some answers are reviewed by an approver before you see them.",
  helpTitle: "How to use Procura",
  helpBody: "Ask a procurement question in English or Japanese. In a channel or group chat, @mention me.",
  memoryNote: (duration) =>
    `I remember this conversation's last questions, the conclusions of my answers and what they were about (suppliers, contracts, categories, periods, amounts) for ${duration} after your latest question, so you can follow up with “and last year?” or “why?”. In a channel, each thread has its own memory. In group chats and channels I remember each person's questions separately: a follow-up continues your own questions, and reset forgets only yours.`,
  examplesHeading: "Examples",
  commandsHeading: "Commands",
  commands: [
    "help — show this card",
    "reset — forget your questions and answers in this conversation",
    "approvals history [days] [supplier] — approvers only, in the approver channel or a personal chat: recent approval decisions (e.g. approvals history 30 Acme)",
  ],
  outOfScopeTitle: "That is outside what I can help with",
  outOfScopeBody:
    "I answer procurement questions only: purchases, suppliers, contracts, spend, prices and purchasing policy. For other topics, please ask the team that owns them.",
  outOfScopeExamplesHeading: "You could ask, for example",
  outOfScopeExamples: [
    "Who must approve a purchase of ¥15,000,000?",
    "What did we spend with our logistics suppliers this fiscal year?",
    "Is Asahi Industrial Materials a safe supplier to work with?",
  ],
  underReviewTitle: "Your answer is under review",
  underReviewBody: "This answer needs a human approver. You will receive it here as soon as it has been reviewed.",
  rejectedTitle: "Your answer was not approved",
  rejectedBody: "An approver rejected the drafted answer.",
  blockedTitle: "I can't answer that message",
  blockedBody:
    "The AI service's safety filter declined this message, so no specialist worked on it. Please rephrase it as a procurement question without instructions to the assistant, and ask again.",
  reason: "Reason",
  expiredNoticeTitle: "Your answer could not be reviewed in time",
  expiredNoticeBody:
    "No approver decided on the drafted answer before the review period ended. Please ask again or contact the procurement team.",
  approvalTitle: "Approval needed",
  requester: "Requester",
  draftAnswer: "Draft answer",
  specialists: "Specialists",
  whyApproval: "Why approval is needed",
  reminder: (since) => `Reminder: waiting for a decision since ${since}`,
  approve: "Approve",
  editAndApprove: "Edit & approve",
  reject: "Reject",
  editedTextLabel: "Answer to send",
  editedTextRequired: "The answer text is required.",
  submitEdited: "Approve with edits",
  rejectReasonLabel: "Reason for rejection",
  rejectReasonPlaceholder: "Tell the requester why",
  rejectReasonRequired: "A reason is required to reject.",
  submitReject: "Reject answer",
  outcomeApproved: "✅ Approved",
  outcomeEdited: "✅ Approved with edits",
  outcomeRejected: "❌ Rejected",
  outcomeExpired: "⌛ Expired without a decision",
  decidedBy: "By",
  decidedAt: "When",
  comment: "Comment",
  finalText: "Final answer",
  expiredBody: "Nobody decided before the review period ended; the requester has been told.",
  decisionTooLate: "Your decision was not recorded: the review period had already ended. The requester is asked to ask again.",
  historyTitle: "Approval history",
  historyScope: (days, supplier, page) =>
    `Decisions of the last ${days} day${days === 1 ? "" : "s"}${supplier ? ` naming “${supplier}”` : ""}, newest first · page ${page + 1}`,
  historyEmpty: "No decisions in this period.",
  historyDecision: "Decision",
  historyApprover: "Approver",
  historyTimeToDecision: "Time to decision",
  historyEdited: "Answer edited",
  yes: "yes",
  no: "no",
  historyOpenThread: "Open the approval thread",
  historyNextPage: "Next page",
  historyDuration: (minutes) =>
    minutes < 60
      ? `${minutes} min`
      : minutes < 2880
        ? `${Math.floor(minutes / 60)} h ${minutes % 60} min`
        : `${Math.floor(minutes / 1440)} days ${Math.floor((minutes % 1440) / 60)} h`,
};

const ja: CardLabels = {
  appName: "Procura",
  progressTitle: "質問を処理しています",
  progressTitleDone: "ご質問",
  phaseRouting: "担当スペシャリストを選んでいます…",
  phaseSpecialists: "スペシャリストが調査しています…",
  phaseModerating: "モデレーターが回答をまとめています…",
  phaseRechecking: "品質再チェック：不足点を再確認しています…",
  phaseFinishing: "仕上げています…",
  phaseAnswered: "完了しました。回答は下にあります。",
  phaseUnderReview: "完了しました。回答案は承認者が確認中です。確認後にここへ届きます。",
  phaseFailed: "中断しました。下のメッセージをご覧ください。",
  phaseClarifying: "確認したいことがあります。下の質問をご覧ください。",
  statusWaiting: "待機中",
  statusWorking: "作業中",
  statusDone: "完了",
  statusFailed: "失敗",
  elapsed: (seconds) => `経過時間: ${seconds} 秒`,
  question: "質問",
  conclusion: "結論",
  rationale: "根拠",
  sources: "出典",
  evidence: "エビデンス",
  findings: "スペシャリストの所見",
  nextActions: "次のアクション",
  confidence: (percent) => `確信度 ${percent}%`,
  showDetails: "詳細の表示／非表示",
  failedSpecialists: "含まれていません（スペシャリストが失敗）",
  offline: "オフライン — 言語モデルを使わずに作成",
  reviewed: "承認者が確認済み",
  reviewedEdited: "承認者が確認・編集済み",
  draftBeforeReview: "（レビュー前の下書き）",
  understoodAs: "次の質問として回答しました",
  suggestedFollowUps: "次にこんな質問ができます",
  clarifyTitle: "どれについてのご質問ですか？",
  feedbackPrompt: "この回答は役に立ちましたか？",
  feedbackCommentPlaceholder: "コメント（任意）",
  thumbsUp: "👍 役に立った",
  thumbsDown: "👎 役に立たなかった",
  feedbackThanks: (rating) => `フィードバックありがとうございます（${rating === "up" ? "👍" : "👎"}）。`,
  errorTitle: "申し訳ありません。エラーが発生しました",
  errorBody: "回答を完成できませんでした。データは失われていません。もう一度質問できます。",
  errorWhatToDo: "少し時間をおいて再度お試しください。繰り返し発生する場合は、下記の相関 ID を管理者にお知らせください。",
  correlationId: "相関 ID",
  operatorNoticeTitle: (kind) =>
    ({ run_failed: "実行が失敗しました", run_poisoned: "実行が処理不能として隔離されました", run_retried: "実行が再試行されました" })[kind],
  operatorRunId: "実行 ID",
  operatorErrorKind: "エラー種別",
  operatorAttempts: "試行回数",
  operatorSuppressed: (count) => `前回のカード以降、${count} 件の通知を抑止しました（レート制限または重複）。`,
  operatorOpenTransaction: "Application Insights でトランザクションを開く",
  welcomeTitle: "Procura へようこそ",
  welcomeBody:
    "契約・支出・交渉・ソーシング・規程・サプライヤーのスペシャリストが協議して調達に関する質問に回答し、根拠を示します。一部の回答は承認者の確認後にお届けします。",
  helpTitle: "Procura の使い方",
  helpBody: "調達に関する質問を日本語または英語で送ってください。チャネルやグループチャットでは @メンションしてください。",
  memoryNote: (duration) =>
    `この会話の直近の質問、回答の結論、対象（取引先・契約・カテゴリ・期間・金額）を最後の質問から${duration}覚えています。「では昨年度は？」「なぜ？」のように続けて質問できます。チャネルではスレッドごとに記憶します。グループチャットとチャネルでは参加者ごとに別々に記憶するため、続けての質問はあなた自身の質問を引き継ぎ、reset で消えるのもあなたの記憶だけです。`,
  examplesHeading: "質問の例",
  commandsHeading: "コマンド",
  commands: [
    "help — このカードを表示",
    "reset — この会話でのあなたの質問と回答の記憶を消去",
    "承認履歴 [日数] [取引先] — 承認者のみ、承認チャネルまたは個人チャットで：最近の承認判断の一覧（例: 承認履歴 30 Acme）",
  ],
  outOfScopeTitle: "この質問にはお答えできません",
  outOfScopeBody:
    "Procura がお答えできるのは調達に関する質問（購入、取引先、契約、支出、価格、購買規程）だけです。その他の内容は担当部署にお問い合わせください。",
  outOfScopeExamplesHeading: "たとえば次のように質問できます",
  outOfScopeExamples: [
    "1,500万円の購入には誰の承認が必要ですか？",
    "今年度の物流サプライヤーへの支出は？",
    "取引先A社と取引しても大丈夫ですか？",
  ],
  underReviewTitle: "回答は承認待ちです",
  underReviewBody: "この回答には承認者の確認が必要です。確認が終わり次第、ここにお届けします。",
  rejectedTitle: "回答は承認されませんでした",
  rejectedBody: "承認者が回答案を却下しました。",
  blockedTitle: "このメッセージにはお答えできません",
  blockedBody:
    "AI サービスの安全フィルターがこのメッセージを受け付けなかったため、回答を作成していません。アシスタントへの指示を含めず、調達に関する質問として言い換えて、もう一度お尋ねください。",
  reason: "理由",
  expiredNoticeTitle: "回答の確認が期限内に完了しませんでした",
  expiredNoticeBody: "確認期間内に承認者の判断がありませんでした。もう一度質問するか、調達チームにお問い合わせください。",
  approvalTitle: "承認が必要です",
  requester: "依頼者",
  draftAnswer: "回答案",
  specialists: "スペシャリスト",
  whyApproval: "承認が必要な理由",
  reminder: (since) => `リマインダー: ${since} から判断待ちです`,
  approve: "承認",
  editAndApprove: "編集して承認",
  reject: "却下",
  editedTextLabel: "送信する回答",
  editedTextRequired: "回答の本文は必須です。",
  submitEdited: "編集内容で承認",
  rejectReasonLabel: "却下の理由",
  rejectReasonPlaceholder: "依頼者への説明",
  rejectReasonRequired: "却下には理由が必要です。",
  submitReject: "回答を却下",
  outcomeApproved: "✅ 承認済み",
  outcomeEdited: "✅ 編集して承認済み",
  outcomeRejected: "❌ 却下",
  outcomeExpired: "⌛ 判断なしで期限切れ",
  decidedBy: "判断者",
  decidedAt: "日時",
  comment: "コメント",
  finalText: "最終回答",
  expiredBody: "確認期間内に判断がありませんでした。依頼者には通知済みです。",
  decisionTooLate: "確認期間が既に終了しているため、この判断は記録されませんでした。依頼者には再度質問するよう案内しています。",
  historyTitle: "承認履歴",
  historyScope: (days, supplier, page) =>
    `過去${days}日間の判断${supplier ? `（「${supplier}」を含むもの）` : ""}、新しい順 · ${page + 1}ページ目`,
  historyEmpty: "この期間の判断はありません。",
  historyDecision: "判断",
  historyApprover: "承認者",
  historyTimeToDecision: "判断までの時間",
  historyEdited: "回答の編集",
  yes: "あり",
  no: "なし",
  historyOpenThread: "承認スレッドを開く",
  historyNextPage: "次のページ",
  historyDuration: (minutes) =>
    minutes < 60
      ? `${minutes}分`
      : minutes < 2880
        ? `${Math.floor(minutes / 60)}時間${minutes % 60}分`
        : `${Math.floor(minutes / 1440)}日${Math.floor((minutes % 1440) / 60)}時間`,
};

/** The labels table: one entry per supported language. */
export const CARD_LABELS: Readonly<Record<Language, CardLabels>> = { en, ja };

/** The labels for a language. */
export function labelsFor(language: Language): CardLabels {
  return CARD_LABELS[language];
}
