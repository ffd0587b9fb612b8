import { stringify } from "csv-stringify/sync";
import type { Approval } from "../domain";
import { historyEntry, type ApprovalHistoryEntry } from "./approver-commands";

/** The formats `npm run approvals -- export` writes. */
export const EXPORT_FORMATS = ["csv", "json"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The CSV columns: the approval's, then one audit entry's (one row per audit entry). */
const CSV_COLUMNS = [
  "approvalId",
  "runId",
  "status",
  "createdAt",
  "question",
  "requesterAadObjectId",
  "requesterName",
  "qscore",
  "specialists",
  "reasons",
  "decision",
  "decidedAt",
  "approverAadObjectId",
  "approverName",
  "timeToDecisionMinutes",
  "edited",
  "comment",
  "answerBefore",
  "answerAfter",
  "outcomeShownAt",
  "expiresAt",
  "approverThreadConversationId",
  "approverThreadActivityId",
  "auditAt",
  "auditActorAadObjectId",
  "auditAction",
  "auditOutcome",
  "auditDetail",
] as const;

/**
 * The approval history for auditors. JSON: one array of entries, each with all its audit entries, as stored. CSV (RFC 4180, UTF-8 with a
 * byte-order mark so spreadsheet programs read Japanese text, every field quoted): one row per audit entry with its approval's columns
 * repeated, and one row with empty audit columns for an approval that has none, so every approval appears.
 */
export function renderApprovalExport(approvals: Approval[], format: ExportFormat): string {
  const entries = approvals.map(historyEntry);
  if (format === "json") return `${JSON.stringify(entries, null, 2)}\n`;
  const rows = entries.flatMap((entry) => {
    const approval = approvalColumns(entry);
    // The columns it lacks are written empty.
    if (entry.audit.length === 0) return [approval];
    return entry.audit.map((audit) => ({
      ...approval,
      auditAt: audit.at,
      auditActorAadObjectId: audit.actorAadObjectId,
      auditAction: audit.action,
      auditOutcome: audit.outcome,
      auditDetail: audit.detail,
    }));
  });
  return stringify(rows, {
    header: true,
    columns: [...CSV_COLUMNS],
    bom: true,
    record_delimiter: "windows",
    quoted: true,
    // Questions, names and comments come from users: a cell that would start a formula (=, +, -, @, tab, CR, or their full-width
    // forms) gets a leading `'`, as OWASP's CSV-injection guidance says, so a spreadsheet shows it as text.
    escape_formulas: true,
  });
}

/** The entry's own columns as they are (the CSV columns pick them), lists and durations as a spreadsheet reads them. */
function approvalColumns(entry: ApprovalHistoryEntry) {
  return {
    ...entry,
    specialists: entry.specialists.join(", "),
    reasons: entry.reasons.join("; "),
    timeToDecisionMinutes: entry.timeToDecisionMs === null ? "" : Math.round(entry.timeToDecisionMs / 60_000),
    edited: entry.edited ? "yes" : "no",
    approverThreadConversationId: entry.thread?.conversationId ?? "",
    approverThreadActivityId: entry.thread?.activityId ?? "",
  };
}
