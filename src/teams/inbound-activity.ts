import type { Activity } from "botbuilder";
import { z } from "zod";
import { STORED_TEXT_LIMITS, cutText } from "../domain/procurement";
import { describeZodError } from "../domain/errors";

/** An optional text field: absent, null, or a string (never an object or a number the handlers would trip on). */
const optionalText = z.string().nullish();

/** A user, bot or conversation: an id, and the optional fields the handlers read typed as Teams sends them. */
const account = z
  .object({ id: z.string().min(1, "must not be empty"), name: optionalText, aadObjectId: optionalText, role: optionalText })
  .passthrough();
const conversation = account.extend({ conversationType: optionalText, tenantId: optionalText, isGroup: z.boolean().nullish() });
/** Entities (mentions, client info, AI labels) and attachments: each an object saying what it is. */
const entity = z.object({ type: z.string() }).passthrough();
const attachment = z.object({ contentType: z.string() }).passthrough();

/** A service URL the bot may reply to: http(s) locally, https only when `httpsOnly`. */
function serviceUrl(httpsOnly: boolean) {
  const schemes = httpsOnly ? ["https:"] : ["http:", "https:"];
  return z.string().superRefine((value, context) => {
    const url = URL.canParse(value) ? new URL(value) : undefined;
    if (!url) context.addIssue({ code: z.ZodIssueCode.custom, message: "Invalid url" });
    else if (!schemes.includes(url.protocol))
      context.addIssue({ code: z.ZodIssueCode.custom, message: `must be an ${httpsOnly ? "https" : "http(s)"} URL` });
  });
}

/**
 * The minimum an inbound Bot Framework activity must carry for the bot to answer it. Checked before
 * the adapter runs, so a malformed request gets a clear 400 instead of a crashed turn, a 500 or a
 * silent 200. A missing or null `text` is an activity without text (cards, invokes, updates). `value`
 * (card data) stays free-form: each card action validates its own data.
 */
function inboundActivitySchema(httpsOnly: boolean) {
  return z
    .object({
      type: z.string().min(1),
      serviceUrl: serviceUrl(httpsOnly),
      channelId: z.string().min(1),
      conversation,
      from: account,
      recipient: account,
      text: optionalText,
      // Optional fields are typed too: a wrong type is refused here, not met as a crash inside a turn.
      id: optionalText,
      name: optionalText,
      locale: optionalText,
      timestamp: optionalText,
      localTimestamp: optionalText,
      localTimezone: optionalText,
      textFormat: optionalText,
      replyToId: optionalText,
      channelData: z.object({}).passthrough().optional(),
      entities: z.array(entity).optional(),
      attachments: z.array(attachment).optional(),
      membersAdded: z.array(account).optional(),
      membersRemoved: z.array(account).optional(),
    })
    .passthrough();
}

const SCHEMAS = { httpsOnly: inboundActivitySchema(true), any: inboundActivitySchema(false) };

/** Where replies may go: `httpsOnly` in production, where a plain-http serviceUrl can only be forged. */
export interface InboundPolicy {
  httpsOnly: boolean;
}

/**
 * An inbound request body checked: the activity, with what was cut from it (to be logged), or the
 * reason to refuse it with a 400.
 */
type InboundActivityCheck = { ok: true; activity: Activity; cut: string[] } | { ok: false; message: string };

/** True for a JSON content type (anything else is a 415). */
export function isJsonRequest(contentType: string | undefined): boolean {
  return /^application\/(json|[\w.+-]+\+json)\b/i.test(contentType ?? "");
}

/** True when a JSON body is an object: only an object can carry a token's claims to check, so anything else is a 400 at once. */
export function isJsonObject(body: unknown): body is Record<string, unknown> {
  return typeof body === "object" && body !== null && !Array.isArray(body);
}

/** Checks an activity posted to /api/messages before any handler runs. */
export function checkInboundActivity(body: unknown, policy: InboundPolicy): InboundActivityCheck {
  const parsed = (policy.httpsOnly ? SCHEMAS.httpsOnly : SCHEMAS.any).safeParse(body);
  if (!parsed.success) return { ok: false, message: `Not a Bot Framework activity: ${describeZodError(parsed.error, { root: "body" })}` };
  const activity = parsed.data as unknown as Activity;
  return { ok: true, activity, cut: cutLongNames(activity) };
}

/**
 * Cuts a display name (the sender's, the bot's, the conversation's) longer than a stored name may be:
 * it travels in every reply, the queued run's conversation reference and the stored one, where a
 * name of tens of kilobytes would fail the turn. Returns a line for the log per name cut.
 */
function cutLongNames(activity: Activity): string[] {
  const max = STORED_TEXT_LIMITS.nameChars;
  const named = [
    ["from.name", activity.from],
    ["recipient.name", activity.recipient],
    ["conversation.name", activity.conversation],
  ] as const;
  return named.flatMap(([field, holder]) => {
    const name = holder.name;
    if (typeof name !== "string" || name.length <= max) return [];
    holder.name = cutText(name, max);
    return [`${field} of ${name.length.toLocaleString("en")} characters was cut to ${max}`];
  });
}
