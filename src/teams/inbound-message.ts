import type { Activity } from "botbuilder";
import { followUpQuestionOf } from "../cards";
import { ApprovalHistoryQuerySchema, DEFAULT_HISTORY_DAYS, questionLength, type ApprovalHistoryQuery, type Language } from "../domain";

type InboundMessage =
  | { kind: "question"; text: string }
  | { kind: "command"; command: "help" | "reset" }
  | { kind: "approvals_history"; command: ApprovalsHistoryCommand }
  /** Answered by the approvals module before any route; reaching the message route means there is none. */
  | { kind: "approvals_pending" }
  | { kind: "empty" }
  | { kind: "too_long"; length: number; max: number }
  | { kind: "attachments_only" }
  | { kind: "card_submit" };

const COMMANDS: Record<string, "help" | "reset"> = { help: "help", "?": "help", ヘルプ: "help", reset: "reset", リセット: "reset" };

/** Teams adds an HTML copy of every typed message as an attachment; it is not a file. */
const TEXT_COPY_TYPES = new Set(["text/html", "text/plain"]);

export function classifyMessage(activity: Pick<Partial<Activity>, "text" | "attachments" | "value">, maxChars: number): InboundMessage {
  const text = (activity.text ?? "")
    .replace(/\u00a0/g, " ")
    // Control and invisible formatting characters: they change nothing a reader sees but break matching.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]/g, "")
    .trim();
  if (text === "") {
    const followUp = followUpQuestionOf(activity.value);
    if (followUp !== undefined) return classifyMessage({ text: followUp }, maxChars);
    if (activity.value !== undefined && activity.value !== null) return { kind: "card_submit" };
    const files = (activity.attachments ?? []).filter((attachment) => !TEXT_COPY_TYPES.has(attachment.contentType));
    return files.length > 0 ? { kind: "attachments_only" } : { kind: "empty" };
  }
  const command = COMMANDS[text.toLowerCase().replace(/^\//, "")];
  if (command) return { kind: "command", command };
  if (approvalsPendingLanguage(text)) return { kind: "approvals_pending" };
  const history = parseApprovalsHistoryCommand(text);
  if (history) return { kind: "approvals_history", command: history };
  const length = questionLength(text);
  if (length > maxChars) return { kind: "too_long", length, max: maxChars };
  return { kind: "question", text };
}

const APPROVALS_PENDING = new Map<string, Language>([
  ["approvals pending", "en"],
  ["pending approvals", "en"],
  ["承認待ち", "ja"],
  ["承認待ち一覧", "ja"],
]);

export function approvalsPendingLanguage(text: string | undefined): Language | undefined {
  return typedCommandLanguage(APPROVALS_PENDING, text);
}

/** Width, case, spacing and a final 。 or ! do not matter (mention already removed). */
export function typedCommandLanguage(commands: ReadonlyMap<string, Language>, text: string | undefined): Language | undefined {
  return commands.get(typedText(text ?? "").toLowerCase());
}

function typedText(text: string): string {
  return text
    .normalize("NFKC")
    .trim()
    .replace(/[。.!]+$/u, "")
    .trim()
    .replace(/\s+/g, " ");
}

export type ApprovalsHistoryCommand =
  { ok: true; query: ApprovalHistoryQuery; language: Language } | { ok: false; problem: "days" | "supplier"; language: Language };

const COMMAND = /^(?:(approvals? history)|(承認履歴))(?:\s+|$)(.*)$/iu;
/** A number of days, optionally with its unit ("30", "30d", "30 days" is two words, so "30days"; 「30日」). */
const DAYS = /^(\d{1,6})(?:d|days?|日|日間)?$/iu;

/** `approvals history [days] [supplier]` (mention removed), or undefined; width, case and spacing do not matter. */
export function parseApprovalsHistoryCommand(text: string): ApprovalsHistoryCommand | undefined {
  const match = COMMAND.exec(typedText(text));
  if (!match) return undefined;
  const language: Language = match[2] ? "ja" : "en";
  const words = (match[3] ?? "").split(" ").filter((word) => word !== "");
  const days = words.length > 0 ? DAYS.exec(words[0]) : null;
  if (days) words.shift();
  const supplier = words.join(" ");
  const parsed = ApprovalHistoryQuerySchema.safeParse({
    days: days ? Number(days[1]) : DEFAULT_HISTORY_DAYS,
    ...(supplier ? { supplier } : {}),
    page: 0,
  });
  if (parsed.success) return { ok: true, query: parsed.data, language };
  return { ok: false, problem: parsed.error.issues.some((issue) => issue.path[0] === "days") ? "days" : "supplier", language };
}
