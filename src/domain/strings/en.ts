import { MAX_HISTORY_DAYS, MAX_HISTORY_SUPPLIER_CHARS } from "../approval";
import type { OperatorNotice } from "../errors";
import { toolWordingEn } from "./tool-wording";

/** "A", "A and B", "A, B and C": British English writes no comma before the last "and". */
const ENGLISH_LIST = new Intl.ListFormat("en-GB");

export type DurationUnit = "day" | "hour" | "minute" | "second";

/** Every user-facing fixed text in English; its type is the strings tables' shape, so ja.ts, typed by it, cannot miss an entry. */
export const en = {
  cards: {
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
    elapsed: (seconds: number) => `Elapsed: ${seconds} s`,
    question: "Question",
    conclusion: "Conclusion",
    rationale: "Rationale",
    sources: "Sources",
    evidence: "Evidence",
    findings: "Specialist findings",
    nextActions: "Next actions",
    confidence: (percent: number) => `confidence ${percent}%`,
    showDetails: "Show or hide details",
    failedSpecialists: "Not included (the specialist failed)",
    offline: "Offline — produced without a language model",
    reviewed: "Reviewed by an approver",
    reviewedEdited: "Reviewed and edited by an approver",
    /** After the QSCORE of an answer an approver rewrote: the score is the draft's. */
    draftBeforeReview: " (draft before review)",
    understoodAs: "Understood as",
    suggestedFollowUps: "You could ask next",
    clarifyTitle: "Which one do you mean?",
    feedbackPrompt: "Was this helpful?",
    feedbackCommentPlaceholder: "Optional comment",
    thumbsUp: "👍 Helpful",
    thumbsDown: "👎 Not helpful",
    feedbackThanks: (rating: "up" | "down") => `Thanks for your feedback (${rating === "up" ? "👍" : "👎"}).`,
    errorTitle: "Sorry, something went wrong",
    errorBody: "The answer could not be completed. Nothing was lost: you can ask again.",
    errorWhatToDo: "Try again in a minute. If it keeps happening, send the correlation id below to your administrator.",
    correlationId: "Correlation id",
    operatorNoticeTitle: (kind: OperatorNotice["kind"]) =>
      ({ run_failed: "A run failed", run_poisoned: "A run was poisoned and set aside", run_retried: "A run needed a retry" })[kind],
    operatorRunId: "Run id",
    operatorErrorKind: "Error kind",
    operatorAttempts: "Attempts",
    operatorSuppressed: (count: number) => `${count} more notice(s) were held back (rate limit or duplicates) since the last card.`,
    operatorOpenTransaction: "Open the transaction in Application Insights",
    welcomeTitle: "Welcome to Procura",
    welcomeBody:
      "I answer procurement questions with a council of specialists (contracts, spend, negotiation, sourcing, policies, suppliers) and show the evidence behind every answer. Some answers are reviewed by an approver before you see them.",
    helpTitle: "How to use Procura",
    helpBody:
      "Ask a procurement question in English or Japanese. In a channel or group chat, @mention me in every message, commands included (“@Procura approvals history”): Teams passes on only the messages that mention me.",
    memoryNote: (duration: string) =>
      `I remember this conversation's last questions, the conclusions of my answers and what they were about (suppliers, contracts, categories, periods, amounts) for ${duration} after your latest question, so you can follow up with “and last year?” or “why?”. In a channel, each thread has its own memory. In group chats and channels I remember each person's questions separately: a follow-up continues your own questions, and reset forgets only yours.`,
    examplesHeading: "Examples",
    commandsHeading: "Commands",
    commands: [
      "help — show this card",
      "reset — forget your questions and answers in this conversation",
      "approvals history [days] [supplier] — approvers only, in the approver channel or a personal chat: recent approval decisions (e.g. approvals history 30 Acme)",
      "approvals pending — approvers only, in the approver channel or a personal chat: the approvals still waiting, oldest first, each with a button that posts its card again",
    ],
    outOfScopeTitle: "That is outside what I can help with",
    outOfScopeBody:
      "I answer procurement questions only: purchases, suppliers, contracts, spend, prices and purchasing policy. For other topics, please ask the team that owns them.",
    outOfScopeExamplesHeading: "You could ask, for example",
    /** Two or three procurement questions in this language, to show what can be asked instead. */
    outOfScopeExamples: [
      "Who must approve a purchase of ¥15,000,000?",
      "What did we spend with our logistics suppliers this fiscal year?",
      "Is Asahi Industrial Materials a safe supplier to work with?",
    ],
    underReviewTitle: "Your answer is under review",
    underReviewBody: "This answer needs a human approver. You will receive it here as soon as it has been reviewed.",
    rejectedTitle: "Your answer was not approved",
    rejectedBody: "An approver rejected the drafted answer.",
    /** The reply to a question the model service's content filter refused: polite, and never the service's words. */
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
    reminder: (since: string) => `Reminder: waiting for a decision since ${since}`,
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
    outcomeApproved: "Approved",
    outcomeEdited: "Approved with edits",
    outcomeRejected: "Rejected",
    outcomeExpired: "⌛ Expired without a decision",
    decidedBy: "By",
    decidedAt: "When",
    comment: "Comment",
    finalText: "Final answer",
    expiredBody: "Nobody decided before the review period ended; the requester has been told.",
    decisionTooLate: "Your decision was not recorded: the review period had already ended. The requester is asked to ask again.",
    historyTitle: "Approval history",
    historyScope: (days: number, supplier: string | undefined, page: number) =>
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
    pendingTitle: (count: number) => `Waiting for a decision: ${count}, oldest first`,
    pendingEmpty: "No approval is waiting for a decision.",
    pendingWaitingSince: "Waiting since",
    pendingPostAgain: "Post the card again",
    historyDuration: (minutes: number) =>
      minutes < 60
        ? `${minutes} min`
        : minutes < 2880
          ? `${Math.floor(minutes / 60)} h ${minutes % 60} min`
          : `${Math.floor(minutes / 1440)} days ${Math.floor((minutes % 1440) / 60)} h`,
    duration: (count: number, unit: DurationUnit) => `${count} ${unit}${count === 1 ? "" : "s"}`,
    bothNames: (first: string, second: string) => `${first} and ${second}`,
    /** A date and time written in Japan time (Japanese cards are not formatted by the viewer's client). */
    inJapanTime: (dateTime: string) => `${dateTime} (Japan time)`,
    sourceNames: { contract: "Contract", policy: "Policy", spend: "Spend", supplier: "Supplier", benchmark: "Benchmark" },
  },
  bot: {
    emptyHint: "Ask me a procurement question, for example “Can we renew the Acme SaaS contract at +8%?”. Type **help** for more.",
    tooLong: (length: number, max: number) =>
      `Your message is ${length.toLocaleString("en")} characters long; I can take at most ${max.toLocaleString("en")}. Please shorten it to the question and the facts that matter.`,
    /** A person over their share at intake: `waiting` questions of theirs are still being answered. */
    tooManyInFlight: (waiting: number) =>
      `I'm still working on your ${waiting} earlier question${waiting === 1 ? "" : "s"}. Please wait for ${waiting === 1 ? "its answer" : "their answers"}, then send this one again — nothing was started for it.`,
    tooManyPerMinute: (max: number) =>
      `You've sent more than ${max} questions in the last minute. Please send this one again in a minute — nothing was started for it.`,
    attachmentsOnly:
      "I can't read files or images yet. Please type your question as text (you can paste the relevant part of the document).",
    unsupportedAction: "Sorry, that button is not something I can handle. Type **help** to see what I can do.",
    approvalsUnavailable: "Approvals are not available yet, so nothing was changed.",
    resetDone: "Done: I've cleared this conversation's context. Your next question starts fresh.",
    /** In a group chat or channel thread, where only the caller's turns are forgotten. */
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
  approvals: {
    submitFailed:
      "Your answer needs an approver's review, but it could not be submitted for approval just now. Please try again in a few minutes.",
    notAnApprover: "Only authorised approvers can decide on this answer. Nothing was changed, and the attempt was recorded.",
    ownRequest:
      "You asked this question, so another approver must decide on it (segregation of duties). Nothing was changed, and the attempt was recorded.",
    invalidAction: (detail: string) => `That decision could not be recorded: ${detail}. Nothing was changed.`,
    reasonRequired: "A rejection needs a reason: type it in the reason box, then press Reject again. Nothing was changed.",
    editedTextRequired: "Edit & approve needs the edited answer text. Nothing was changed.",
    unknownApproval: "This approval is no longer on record, so nothing was changed.",
    tryAgain: "The decision could not be saved just now. Nothing was changed; please try again.",
    channelSet: (posted: number) =>
      `This channel is now the approver channel: answers that need a review will be posted here as new threads.${posted > 0 ? ` ${posted} waiting approval(s) posted.` : ""}`,
    channelCommandRefused:
      "Only an admin listed in APPROVER_ADMIN_AAD_IDS can choose the approver channel. Nothing was changed; ask your Procura admin.",
    channelCommandNoAdmins:
      "No one may choose the approver channel here: no admin is configured (APPROVER_ADMIN_AAD_IDS is empty). Nothing was changed; an administrator sets APPROVER_ADMIN_AAD_IDS, or APPROVER_TEAM_ID and APPROVER_CHANNEL_ID.",
    channelCommandNotInChannel: "Run **approvers here** in a channel of a team to make that channel the approver channel.",
    reminder: (expiresAt: string) => `⏰ Reminder: this answer is still waiting for a decision. It expires at ${expiresAt} (UTC).`,
    historyNotAnApprover: "Only authorised approvers can list approval decisions.",
    historyNotHere:
      "The approval history is shown only in the approver channel or in your personal chat with me, where no one else reads it. Nothing is listed here.",
    pendingNotAnApprover: "Only authorised approvers can list the approvals waiting for a decision.",
    pendingNotHere:
      "Waiting approvals are listed only in the approver channel or in your personal chat with me, where no one else reads them. Nothing is listed here.",
    repostDone: "The approval card was posted again as a new thread in the approver channel.",
    repostNoChannel:
      "No approver channel is known yet, so the card could not be posted. Run **approvers here** in the approvers' channel; waiting cards are posted there.",
    repostNotPending: "This approval has already been decided or has expired, so its card was not posted again.",
  },
  stream: {
    /** The first update, sent inside the inbound turn before the run is queued. */
    routing: "Routing your question…",
    checkingWith: (names: readonly string[]) => `Checking with ${ENGLISH_LIST.format(names)}…`,
    moderating: "Putting the answer together…",
    finishing: "Finishing the answer…",
  },
  cli: {
    offline: "[offline] Produced without a language model (deterministic offline engine).",
    fallback: " (fallback)",
    findings: "Findings",
    couldNotAnswer: (error: string) => `could not answer (${error})`,
    reasked: "re-asked once",
    needsApproval: "Needs approval before it reaches the requester:",
    outOfScope: "Out of scope",
  },
  renewals: {
    contract: "Contract",
    supplier: "Supplier",
    annualValue: "Annual value",
    endDate: "Ends",
    noticeDeadline: "Notice by",
    daysLeft: "Days left",
    priceCap: "Price cap",
    noneDue: (days: number) => `No auto-renewing contract has its notice deadline within the next ${days} days.`,
    alertTitle: (days: number) =>
      days === 0 ? "Renewal notice window closes today" : `Renewal notice window closes in ${days} day${days === 1 ? "" : "s"}`,
    /** What happens unless notice is given, with the dates as written in the data. */
    alertBody: (end: string, deadline: string) => `This contract renews automatically on ${end} unless notice is given by ${deadline}.`,
    owner: "Owner",
    /** Shown for an owner known only by Entra object id (Teams shows the person's name in the mention). */
    ownerUnnamed: "contract owner",
    noCap: "none",
    askAction: "Ask Procura about this renewal",
    dismissAction: "Dismiss",
    dismissedBy: (name: string) => `Dismissed by ${name}. This alert will not be posted again.`,
    askedBy: (name: string) => `${name} asked Procura about this renewal; the answer follows in this thread.`,
    /** The question "Ask Procura about this renewal" puts to the council, with the contract's terms. */
    askQuestion: (t: Record<"contract" | "supplier" | "endDate" | "noticeDeadline" | "annualValue" | "priceCap", string>) =>
      `Contract ${t.contract} with ${t.supplier} renews automatically on ${t.endDate} unless we give notice by ${t.noticeDeadline}. ` +
      `Annual value ${t.annualValue}; price increase cap ${t.priceCap}. Should we renew, renegotiate or give notice? ` +
      `Consider our spend with ${t.supplier} and the contract's renewal and price terms.`,
  },
  followUps: {
    previousPeriod: (period: string) => `And in ${period}?`,
    supplierRisk: (supplier: string) => `What is the risk profile of ${supplier}?`,
    contractNotice: (contract: string) => `When is the notice deadline of ${contract}?`,
    alternatives: (category: string) => `Which alternative suppliers are there for ${category}?`,
    why: "Why?",
    policyCheck: "Is that in line with our procurement policy?",
    clarification: "Could you say which supplier, contract or period you mean? For example: “How much did we spend with Acme in FY2025?”",
  },
  /** A category that has no name in this language, by its id: never the bare id as a word. */
  unnamedCategory: (id: string) => id.replace(/-/g, " "),
  tools: toolWordingEn,
  approvalReasons: {
    router: (why: string) => `router: ${why}`,
    moderator: (why: string) => `moderator: ${why || "the answer commits the company"}`,
    amount: (amount: string, threshold: string) => `policy: amount ${amount} is at or above the approval threshold ${threshold}`,
    category: (category: string) => `policy: category '${category}' requires approval`,
  },
  /** One list for Teams' prompt starters, the welcome card and `help`, so they never drift apart; each is answerable from the sample data. */
  promptStarters: [
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
};

export type UserStrings = typeof en;
