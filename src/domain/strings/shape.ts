/** The shape of every fixed text a user reads, in one language: each language module is typed by it, so a missing translation does not compile. */

import type { ToolWording } from "./tool-wording";

export type DurationUnit = "day" | "hour" | "minute" | "second";

export type SourceKind = "contract" | "policy" | "spend" | "supplier" | "benchmark";

export interface CardLabels {
  appName: string;
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
  pendingTitle: (count: number) => string;
  pendingEmpty: string;
  pendingWaitingSince: string;
  pendingPostAgain: string;
  historyDuration: (minutes: number) => string;
  duration: (count: number, unit: DurationUnit) => string;
  bothNames: (first: string, second: string) => string;
  /** A date and time written in Japan time (Japanese cards are not formatted by the viewer's client). */
  inJapanTime: (dateTime: string) => string;
  sourceNames: Readonly<Record<SourceKind, string>>;
}

export type TextLabelKey = { [K in keyof CardLabels]: CardLabels[K] extends string ? K : never }[keyof CardLabels];

interface BotReplies {
  emptyHint: string;
  tooLong: (length: number, max: number) => string;
  /** A person over their share at intake: `waiting` questions of theirs are still being answered. */
  tooManyInFlight: (waiting: number) => string;
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

interface StreamUpdates {
  /** The first update, sent inside the inbound turn before the run is queued. */
  routing: string;
  checkingWith: (names: readonly string[]) => string;
  moderating: string;
  finishing: string;
}

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

interface RenewalLabels {
  contract: string;
  supplier: string;
  annualValue: string;
  endDate: string;
  noticeDeadline: string;
  daysLeft: string;
  priceCap: string;
  noneDue: (withinDays: number) => string;
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

interface FollowUpPhrases {
  previousPeriod: (period: string) => string;
  supplierRisk: (supplier: string) => string;
  contractNotice: (contract: string) => string;
  alternatives: (category: string) => string;
  why: string;
  policyCheck: string;
  clarification: string;
}

interface ApprovalReasons {
  router: (why: string) => string;
  moderator: (why: string) => string;
  amount: (amount: string, threshold: string) => string;
  category: (category: string) => string;
}

export interface PromptStarter {
  question: string;
  description: string;
}

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
  tools: ToolWording;
  /** One list for Teams' prompt starters, the welcome card and `help`, so they never drift apart; each is answerable from the sample data. */
  promptStarters: readonly PromptStarter[];
}
