import type { Activity } from "botbuilder";
import { z } from "zod";
import { STORED_TEXT_LIMITS, cutText } from "../domain/procurement";
import { describeZodError } from "../domain/errors";

const optionalText = z.string().nullish();

const account = z
  .object({ id: z.string().min(1, "must not be empty"), name: optionalText, aadObjectId: optionalText, role: optionalText })
  .passthrough();
const conversation = account.extend({ conversationType: optionalText, tenantId: optionalText, isGroup: z.boolean().nullish() });
const entity = z.object({ type: z.string() }).passthrough();
const attachment = z.object({ contentType: z.string() }).passthrough();

function serviceUrl(httpsOnly: boolean) {
  const schemes = httpsOnly ? ["https:"] : ["http:", "https:"];
  return z.string().superRefine((value, context) => {
    const url = URL.canParse(value) ? new URL(value) : undefined;
    if (!url) context.addIssue({ code: z.ZodIssueCode.custom, message: "Invalid url" });
    else if (!schemes.includes(url.protocol))
      context.addIssue({ code: z.ZodIssueCode.custom, message: `must be an ${httpsOnly ? "https" : "http(s)"} URL` });
  });
}

const OPTIONAL_TEXT_FIELDS = ["id", "name", "locale", "timestamp", "localTimestamp", "localTimezone", "textFormat", "replyToId"];

// Checked before the adapter runs, so a malformed request gets a clear 400, not a crashed turn, a 500 or a silent 200. `value`
// (card data) stays free-form: each card action validates its own.
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
      ...Object.fromEntries(OPTIONAL_TEXT_FIELDS.map((field) => [field, optionalText])),
      channelData: z.object({}).passthrough().optional(),
      entities: z.array(entity).optional(),
      attachments: z.array(attachment).optional(),
      membersAdded: z.array(account).optional(),
      membersRemoved: z.array(account).optional(),
    })
    .passthrough();
}

const SCHEMAS = { httpsOnly: inboundActivitySchema(true), any: inboundActivitySchema(false) };

type InboundActivityCheck = { ok: true; activity: Activity; cut: string[] } | { ok: false; message: string };

export function isJsonRequest(contentType: string | undefined): boolean {
  return /^application\/(json|[\w.+-]+\+json)\b/i.test(contentType ?? "");
}

/** `httpsOnly` (in production) limits where replies may go: there a plain-http serviceUrl can only be forged. */
export function checkInboundActivity(body: unknown, policy: { httpsOnly: boolean }): InboundActivityCheck {
  const parsed = (policy.httpsOnly ? SCHEMAS.httpsOnly : SCHEMAS.any).safeParse(body);
  if (!parsed.success) return { ok: false, message: `Not a Bot Framework activity: ${describeZodError(parsed.error, { root: "body" })}` };
  const activity = parsed.data as unknown as Activity;
  return { ok: true, activity, cut: cutLongNames(activity) };
}

// A display name over the stored limit is cut: it travels in every reply and the run's conversation reference, where tens of
// kilobytes would fail the turn.
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
