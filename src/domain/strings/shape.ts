/**
 * The shape of every fixed text a user reads, in one language: card labels, the bot's and the approvals'
 * plain-text replies, the personal-chat stream's updates, the CLI's headings and the example questions.
 * Each language module (`en.ts`, `ja.ts`) is typed by it, so a missing translation is a compile error.
 */

import type { ToolWording } from "./tool-wording";

/** A unit of a duration people read. */
export type DurationUnit = "day" | "hour" | "minute" | "second";

/** The kinds of evidence an answer cites. */
export type SourceKind = "contract" | "policy" | "spend" | "supplier" | "benchmark";

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
  // pending approvals
  pendingTitle: (count: number) => string;
  pendingEmpty: string;
  pendingWaitingSince: string;
  pendingPostAgain: string;
  historyDuration: (minutes: number) => string;
  /** A whole number of days, hours, minutes or seconds ("8 hours", 「8時間」). */
  duration: (count: number, unit: DurationUnit) => string;
  /** Two specialists' names joined, when their findings are merged into one. */
  bothNames: (first: string, second: string) => string;
  /** A date and time written in Japan time (Japanese cards are not formatted by the viewer's client). */
  inJapanTime: (dateTime: string) => string;
  /** The kind of a cited source ("Contract", 「契約」). */
  sourceNames: Readonly<Record<SourceKind, string>>;
}

/** The keys of labels that are plain texts (not lists or functions). */
export type TextLabelKey = { [K in keyof CardLabels]: CardLabels[K] extends string ? K : never }[keyof CardLabels];

/** The short plain-text replies the bot sends outside cards. */
interface BotReplies {
  emptyHint: string;
  tooLong: (length: number, max: number) => string;
  /** A person over their share at intake: `waiting` questions of theirs are still being answered. */
  tooManyInFlight: (waiting: number) => string;
  /** A person over their questions per minute. */
  tooManyPerMinute: (max: number) => string;
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

/** The short plain-text replies of the approvals flow. */
interface ApprovalReplies {
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
  pendingNotAnApprover: string;
  pendingNotHere: string;
  repostDone: string;
  repostNoChannel: string;
  repostNotPending: string;
}

/** The informative lines of a personal chat's stream while the run works. */
interface StreamUpdates {
  /** The first update, sent inside the inbound turn before the run is queued. */
  routing: string;
  /** The specialists still working, by their display names (never empty). */
  checkingWith: (names: readonly string[]) => string;
  moderating: string;
  finishing: string;
}

/** The headings and fixed lines of `npm run ask`'s terminal output. */
interface CliHeadings {
  offline: string;
  specialists: string;
  fallback: string;
  correlationId: string;
  conclusion: string;
  rationale: string;
  findings: string;
  confidence: (pct: number) => string;
  couldNotAnswer: (error: string) => string;
  nextActions: string;
  reasked: string;
  needsApproval: string;
  outOfScope: string;
}

/** The columns of a renewal notice deadline (`npm run renewals` and the renewal alert card). */
interface RenewalLabels {
  contract: string;
  supplier: string;
  annualValue: string;
  endDate: string;
  noticeDeadline: string;
  daysLeft: string;
  priceCap: string;
  /** No auto-renewing contract has its notice deadline in the window. */
  noneDue: (withinDays: number) => string;
  /** The alert card's title: the notice window closes in `daysLeft` days. */
  alertTitle: (daysLeft: number) => string;
  /** What happens unless notice is given, with the dates as written in the data. */
  alertBody: (endDate: string, noticeDeadline: string) => string;
  owner: string;
  /** Shown for an owner known only by Entra object id (Teams shows the person's name in the mention). */
  ownerUnnamed: string;
  noCap: string;
  askAction: string;
  dismissAction: string;
  dismissedBy: (name: string) => string;
  askedBy: (name: string) => string;
  /** The question "Ask Procura about this renewal" puts to the council, with the contract's terms. */
  askQuestion: (terms: {
    contract: string;
    supplier: string;
    endDate: string;
    noticeDeadline: string;
    annualValue: string;
    priceCap: string;
  }) => string;
}

/** The questions offered under an answer, and the one asked back when a follow-up refers to nothing. */
interface FollowUpPhrases {
  previousPeriod: (period: string) => string;
  supplierRisk: (supplier: string) => string;
  contractNotice: (contract: string) => string;
  alternatives: (category: string) => string;
  why: string;
  policyCheck: string;
  /** Asked back when a follow-up has nothing to refer to. */
  clarification: string;
}

/** Why an answer waits for a human approver, as the approver reads it. */
interface ApprovalReasons {
  router: (why: string) => string;
  moderator: (why: string) => string;
  amount: (amount: string, threshold: string) => string;
  category: (category: string) => string;
}

/** A question a newcomer can ask as is, and what it shows them. */
export interface PromptStarter {
  question: string;
  description: string;
}

/** Every user-facing fixed text of one language. */
export interface UserStrings {
  cards: CardLabels;
  bot: BotReplies;
  approvals: ApprovalReplies;
  stream: StreamUpdates;
  cli: CliHeadings;
  renewals: RenewalLabels;
  followUps: FollowUpPhrases;
  /** A category that has no name in this language, by its id: never the bare id as a word. */
  unnamedCategory: (id: string) => string;
  approvalReasons: ApprovalReasons;
  /** The data tools' own wording in quotes and digests (tool-wording.ts). */
  tools: ToolWording;
  /**
   * The example questions of the Teams app's prompt starters, the welcome card and `help`: one list, so
   * what Teams suggests and what the bot says it can answer never drift apart. Each is answerable from
   * the sample data set (a test asks every one of them offline).
   */
  promptStarters: readonly PromptStarter[];
}
