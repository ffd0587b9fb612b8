import { ApprovalHistoryQuerySchema, DEFAULT_HISTORY_DAYS, type ApprovalHistoryQuery, type Language } from "../domain";

export type ApprovalsHistoryCommand =
  { ok: true; query: ApprovalHistoryQuery; language: Language } | { ok: false; problem: "days" | "supplier"; language: Language };

const COMMAND = /^(?:(approvals? history)|(承認履歴))(?:\s+|$)(.*)$/iu;
/** A number of days, optionally with its unit ("30", "30d", "30 days" is two words, so "30days"; 「30日」). */
const DAYS = /^(\d{1,6})(?:d|days?|日|日間)?$/iu;

/** `approvals history [days] [supplier]` (mention removed), or undefined; width, case and spacing do not matter. */
export function parseApprovalsHistoryCommand(text: string): ApprovalsHistoryCommand | undefined {
  const normalised = text
    .normalize("NFKC")
    .trim()
    .replace(/[。.!]+$/u, "")
    .trim()
    .replace(/\s+/g, " ");
  const match = COMMAND.exec(normalised);
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
