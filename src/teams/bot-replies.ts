import { MAX_HISTORY_DAYS, MAX_HISTORY_SUPPLIER_CHARS, type Language } from "../domain";

/** The short plain-text replies the bot sends outside cards, per language. */
export interface BotReplies {
  emptyHint: string;
  tooLong: (length: number, max: number) => string;
  attachmentsOnly: string;
  unsupportedAction: string;
  approvalsUnavailable: string;
  resetDone: string;
  /** In a group chat or channel thread, where only the caller's turns are forgotten. */
  resetDoneShared: string;
  resetFailed: string;
  feedbackRefused: string;
  turnError: string;
  queueUnreachable: string;
  historyBadDays: string;
  historyBadSupplier: string;
}

const REPLIES: Record<Language, BotReplies> = {
  en: {
    emptyHint: "Ask me a procurement question, for example “Can we renew the Acme SaaS contract at +8%?”. Type **help** for more.",
    tooLong: (length, max) =>
      `Your message is ${length.toLocaleString("en")} characters long; I can take at most ${max.toLocaleString("en")}. Please shorten it to the question and the facts that matter.`,
    attachmentsOnly:
      "I can't read files or images yet. Please type your question as text (you can paste the relevant part of the document).",
    unsupportedAction: "Sorry, that button is not something I can handle. Type **help** to see what I can do.",
    approvalsUnavailable: "Approvals are not available yet, so nothing was changed.",
    resetDone: "Done: I've cleared this conversation's context. Your next question starts fresh.",
    resetDoneShared:
      "Done: I've cleared what I remembered of your questions here. Others' questions in this conversation are kept; your next question starts fresh.",
    resetFailed:
      "Sorry, I couldn't clear the context right now: my store is unreachable. Nothing was changed — please type reset again in a minute.",
    feedbackRefused: "That rating was not recorded: I take ratings only for an answer I delivered in this conversation.",
    turnError: "Sorry, something went wrong while handling your message. Please try again.",
    queueUnreachable:
      "Sorry, I couldn't take your question right now: the service that queues questions is unreachable. Nothing was started — please send it again in a minute.",
    historyBadDays: `The number of days must be from 1 to ${MAX_HISTORY_DAYS} (for example: approvals history 30 Acme). Nothing was listed.`,
    historyBadSupplier: `The supplier must be at most ${MAX_HISTORY_SUPPLIER_CHARS} characters (for example: approvals history 30 Acme). Nothing was listed.`,
  },
  ja: {
    emptyHint: "調達に関する質問をどうぞ。例:「取引先A社の支出推移は？」 詳しくは **help** と入力してください。",
    tooLong: (length, max) =>
      `メッセージが ${length.toLocaleString("ja")} 文字あります。受け付けられるのは ${max.toLocaleString("ja")} 文字までです。質問と必要な事実だけに短くしてください。`,
    attachmentsOnly: "ファイルや画像はまだ読み取れません。質問をテキストで入力してください(文書の該当部分を貼り付けても構いません)。",
    unsupportedAction: "申し訳ありません。このボタンには対応していません。**help** と入力すると使い方を表示します。",
    approvalsUnavailable: "承認機能はまだ利用できません。変更は行われていません。",
    resetDone: "この会話の文脈をリセットしました。次の質問から新しく始まります。",
    resetDoneShared:
      "この会話であなたの質問について覚えていた内容をリセットしました。他の参加者の質問の記憶はそのままです。次の質問から新しく始まります。",
    resetFailed:
      "申し訳ありません。保存先に接続できないため、今は文脈をリセットできませんでした。何も変更されていません。1分ほどしてからもう一度 reset と入力してください。",
    feedbackRefused: "この評価は記録されませんでした。評価できるのは、この会話でお届けした回答のみです。",
    turnError: "申し訳ありません。メッセージの処理中に問題が発生しました。もう一度お試しください。",
    queueUnreachable:
      "申し訳ありません。質問を受け付けるキューに接続できないため、今は質問を受け付けられませんでした。処理は開始されていません。1分ほどしてからもう一度送信してください。",
    historyBadDays: `日数は 1 から ${MAX_HISTORY_DAYS} までで指定してください（例: 承認履歴 30 Acme）。何も表示していません。`,
    historyBadSupplier: `取引先名は ${MAX_HISTORY_SUPPLIER_CHARS} 文字以内で指定してください（例: 承認履歴 30 Acme）。何も表示していません。`,
  },
};

/** The replies in a language. */
export function repliesFor(language: Language): BotReplies {
  return REPLIES[language];
}
