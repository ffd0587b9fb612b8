/** Card data comes from the client and is untrusted: ids are only keys to reload records, and free texts are length-capped. */
import { z } from "zod";
import { ApprovalHistoryQuerySchema, LanguageSchema, MAX_COMMENT_CHARS, type ApprovalHistoryQuery, type Language } from "../domain";
import { describeZodError } from "../domain/errors";
import { onlyWebLinks } from "./text";

/** Longest edited answer an approver may send (the prefilled draft is capped to fit). */
export const MAX_EDITED_TEXT_CHARS = 8000;
const MAX_ID_CHARS = 200;
/** Longest suggested follow-up a card offers (and accepts back). */
export const MAX_FOLLOW_UP_CHARS = 200;

export const CARD_VERBS = {
  feedback: "feedback",
  approve: "approval.approve",
  edit: "approval.edit",
  reject: "approval.reject",
} as const;

const id = z
  .string()
  .trim()
  .min(1)
  .max(MAX_ID_CHARS)
  .regex(/^[\w.:-]+$/, "letters, digits and . _ : - only");
/** Inputs arrive as strings; an empty input means "not given". */
const optionalText = (max: number) =>
  z
    .string()
    .max(max, `at most ${max} characters`)
    .optional()
    .transform((value) => (value === undefined || value.trim() === "" ? undefined : value.trim()));
const requiredText = (max: number) => z.string().max(max, `at most ${max} characters`).trim().min(1, "required");

const FeedbackActionSchema = z
  .object({
    verb: z.literal(CARD_VERBS.feedback),
    runId: id,
    rating: z.enum(["up", "down"]),
    comment: optionalText(MAX_COMMENT_CHARS),
  })
  .transform(({ comment, ...rest }) => ({ ...rest, ...(comment === undefined ? {} : { comment }) }));
export type FeedbackAction = z.infer<typeof FeedbackActionSchema>;

/** A follow-up click is a plain Action.Submit: the Agents Playground ignores Teams' `msteams` imBack/messageBack (which would also echo it). */
const FollowUpSubmitSchema = z.object({ followUp: z.string().trim().min(1).max(MAX_FOLLOW_UP_CHARS) }).passthrough();

export function followUpQuestionOf(value: unknown): string | undefined {
  const parsed = FollowUpSubmitSchema.safeParse(value);
  return parsed.success ? parsed.data.followUp : undefined;
}

/** An approver's decision; the record is reloaded by `approvalId`, never trusted from the card. */
const ApprovalActionSchema = z.discriminatedUnion("verb", [
  z.object({ verb: z.literal(CARD_VERBS.approve), approvalId: id }),
  // The edited answer reaches the requester as Markdown: it keeps only web links.
  z.object({ verb: z.literal(CARD_VERBS.edit), approvalId: id, editedText: requiredText(MAX_EDITED_TEXT_CHARS).transform(onlyWebLinks) }),
  z.object({ verb: z.literal(CARD_VERBS.reject), approvalId: id, reason: requiredText(MAX_COMMENT_CHARS) }),
]);
export type ApprovalAction = z.infer<typeof ApprovalActionSchema>;

export const HISTORY_PAGE_VERB = "approvalHistory.page";

const HistoryPageDataSchema = ApprovalHistoryQuerySchema.extend({ language: LanguageSchema }).transform(({ language, ...query }) => ({
  query,
  language,
}));

export const PENDING_REPOST_VERB = "approval.repost";

const PendingRepostDataSchema = z.object({ approvalId: id, language: LanguageSchema });

/** A history page or a repost is a request only: the clicker is authorised again. */
export function parseHistoryPageAction(value: unknown): { query: ApprovalHistoryQuery; language: Language } | undefined {
  return parseRequest(HISTORY_PAGE_VERB, HistoryPageDataSchema, value);
}

export function parsePendingRepostAction(value: unknown): z.infer<typeof PendingRepostDataSchema> | undefined {
  return parseRequest(PENDING_REPOST_VERB, PendingRepostDataSchema, value);
}

function parseRequest<T>(verb: string, schema: z.ZodType<T, z.ZodTypeDef, unknown>, value: unknown): T | undefined {
  const flat = flatten(value);
  const parsed = flat?.verb === verb ? schema.safeParse(flat) : undefined;
  return parsed?.success ? parsed.data : undefined;
}

type CardActionErrorCode = "malformed" | "unknown_verb" | "oversized";

export const RENEWAL_VERBS = { ask: "renewal.ask", dismiss: "renewal.dismiss" } as const;

const RenewalActionSchema = z.object({ verb: z.enum([RENEWAL_VERBS.ask, RENEWAL_VERBS.dismiss]), alertId: id });

export function parseRenewalAction(value: unknown): z.infer<typeof RenewalActionSchema> | undefined {
  const parsed = RenewalActionSchema.safeParse(flatten(value));
  return parsed.success ? parsed.data : undefined;
}

export type ParsedCardAction =
  | { ok: true; action: FeedbackAction | ApprovalAction }
  | { ok: false; error: { code: CardActionErrorCode; message: string; verb?: string } };

const KNOWN_VERBS: ReadonlySet<string> = new Set(Object.values(CARD_VERBS));

/** Accepts the `adaptiveCard/action` invoke value (`{ action: { verb, data } }`) or the flat `{ verb, ...data }`. Never throws. */
export function parseCardAction(value: unknown): ParsedCardAction {
  try {
    return parse(value);
  } catch {
    // Only possible for values that did not come from JSON (throwing getters, proxies).
    return failure("malformed", "the payload could not be read");
  }
}

function parse(value: unknown): ParsedCardAction {
  const flat = flatten(value);
  if (!flat) return failure("malformed", "the payload is not an object");
  const verb = flat.verb;
  if (typeof verb !== "string" || verb === "") return failure("malformed", "the payload has no verb");
  if (!KNOWN_VERBS.has(verb)) return failure("unknown_verb", `unknown verb '${verb.slice(0, 60)}'`);
  const schema = verb === CARD_VERBS.feedback ? FeedbackActionSchema : ApprovalActionSchema;
  const parsed = schema.safeParse(flat);
  if (parsed.success) return { ok: true, action: parsed.data };
  const oversized = parsed.error.issues.some((issue) => issue.code === "too_big");
  const details = describeZodError(parsed.error);
  return failure(oversized ? "oversized" : "malformed", details, verb);
}

function flatten(value: unknown): Record<string, unknown> | undefined {
  if (!isRecord(value)) return undefined;
  const action = value.action;
  if (isRecord(action) && "verb" in action) {
    const data = isRecord(action.data) ? action.data : {};
    return { ...data, verb: action.verb };
  }
  return value;
}

/** A JSON object: not null, not an array. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function failure(code: CardActionErrorCode, message: string, verb?: string): ParsedCardAction {
  return { ok: false, error: { code, message, ...(verb ? { verb } : {}) } };
}
