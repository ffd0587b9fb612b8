import type { Language } from "../domain";

/** The short plain-text replies of the approvals flow, per language. */
export interface ApprovalReplies {
  submitFailed: string;
  notAnApprover: string;
  ownRequest: string;
  invalidAction: (detail: string) => string;
  reasonRequired: string;
  editedTextRequired: string;
  unknownApproval: string;
  tryAgain: string;
  channelSet: (posted: number) => string;
  channelCommandRefused: string;
  channelCommandNoAdmins: string;
  channelCommandNotInChannel: string;
  reminder: (expiresAt: string) => string;
  historyNotAnApprover: string;
  historyNotHere: string;
}

const REPLIES: Record<Language, ApprovalReplies> = {
  en: {
    submitFailed:
      "Your answer needs an approver's review, but it could not be submitted for approval just now. Please try again in a few minutes.",
    notAnApprover: "Only authorised approvers can decide on this answer. Nothing was changed, and the attempt was recorded.",
    ownRequest:
      "You asked this question, so another approver must decide on it (segregation of duties). Nothing was changed, and the attempt was recorded.",
    invalidAction: (detail) => `That decision could not be recorded: ${detail}. Nothing was changed.`,
    reasonRequired: "A rejection needs a reason: type it in the reason box, then press Reject again. Nothing was changed.",
    editedTextRequired: "Edit & approve needs the edited answer text. Nothing was changed.",
    unknownApproval: "This approval is no longer on record, so nothing was changed.",
    tryAgain: "The decision could not be saved just now. Nothing was changed; please try again.",
    channelSet: (posted) =>
      `This channel is now the approver channel: answers that need a review will be posted here as new threads.${posted > 0 ? ` ${posted} waiting approval(s) posted.` : ""}`,
    channelCommandRefused:
      "Only an admin listed in APPROVER_ADMIN_AAD_IDS can choose the approver channel. Nothing was changed; ask your Procura admin.",
    channelCommandNoAdmins:
      "No one may choose the approver channel here: no admin is configured (APPROVER_ADMIN_AAD_IDS is empty). Nothing was changed; an administrator sets APPROVER_ADMIN_AAD_IDS, or APPROVER_TEAM_ID and APPROVER_CHANNEL_ID.",
    channelCommandNotInChannel: "Run **approvers here** in a channel of a team to make that channel the approver channel.",
    reminder: (expiresAt) => `⏰ Reminder: this answer is still waiting for a decision. It expires at ${expiresAt} (UTC).`,
    historyNotAnApprover: "Only authorised approvers can list approval decisions.",
    historyNotHere:
      "The approval history is shown only in the approver channel or in your personal chat with me, where no one else reads it. Nothing is listed here.",
  },
  ja: {
    submitFailed: "この回答には承認者の確認が必要ですが、現在承認に回すことができませんでした。数分後にもう一度お試しください。",
    notAnApprover: "この回答を判断できるのは承認者のみです。変更は行われず、操作は記録されました。",
    ownRequest: "ご自身の質問のため、判断は別の承認者が行う必要があります（職務分掌）。変更は行われず、操作は記録されました。",
    invalidAction: (detail) => `判断を記録できませんでした: ${detail}。変更は行われていません。`,
    reasonRequired: "却下には理由が必要です。理由欄に入力してから、もう一度「却下」を押してください。変更は行われていません。",
    editedTextRequired: "「編集して承認」には編集後の回答文が必要です。変更は行われていません。",
    unknownApproval: "この承認依頼は記録にないため、変更は行われていません。",
    tryAgain: "現在判断を保存できませんでした。変更は行われていません。もう一度お試しください。",
    channelSet: (posted) =>
      `このチャネルを承認チャネルに設定しました。確認が必要な回答は新しいスレッドとしてここに投稿されます。${posted > 0 ? `承認待ち ${posted} 件を投稿しました。` : ""}`,
    channelCommandRefused:
      "承認チャネルを選べるのは APPROVER_ADMIN_AAD_IDS に登録された管理者のみです。変更は行われていません。Procura の管理者にご相談ください。",
    channelCommandNoAdmins:
      "管理者が設定されていない（APPROVER_ADMIN_AAD_IDS が空）ため、ここでは承認チャネルを選べません。変更は行われていません。管理者が APPROVER_ADMIN_AAD_IDS、または APPROVER_TEAM_ID と APPROVER_CHANNEL_ID を設定してください。",
    channelCommandNotInChannel:
      "チームのチャネルで **承認者はここ**（または **approvers here**）と入力すると、そのチャネルが承認チャネルになります。",
    reminder: (expiresAt) => `⏰ リマインダー: この回答はまだ判断待ちです。期限は ${expiresAt} (UTC) です。`,
    historyNotAnApprover: "承認の履歴を表示できるのは承認者のみです。",
    historyNotHere: "承認履歴は、ほかの人に見えない承認チャネルか、私との個人チャットでのみ表示します。ここでは表示しません。",
  },
};

/** The replies in a language. */
export function approvalRepliesFor(language: Language): ApprovalReplies {
  return REPLIES[language];
}
