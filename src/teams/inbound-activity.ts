import type { Activity } from "botbuilder";
import { z } from "zod";

const account = z.object({ id: z.string().min(1, "must not be empty") }).passthrough();

/** A service URL the bot may reply to: http(s) locally, https only when `httpsOnly`. */
function serviceUrl(httpsOnly: boolean) {
  const schemes = httpsOnly ? ["https:"] : ["http:", "https:"];
  return z.string().superRefine((value, context) => {
    const url = URL.canParse(value) ? new URL(value) : undefined;
    if (!url) context.addIssue({ code: z.ZodIssueCode.custom, message: "Invalid url" });
    else if (!schemes.includes(url.protocol)) context.addIssue({ code: z.ZodIssueCode.custom, message: `must be an ${httpsOnly ? "https" : "http(s)"} URL` });
  });
}

/**
 * The minimum an inbound Bot Framework activity must carry for the bot to answer it. Checked before
 * the adapter runs, so a malformed request gets a clear 400 instead of a crashed turn, a 500 or a
 * silent 200. A missing or null `text` is an activity without text (cards, invokes, updates).
 */
function inboundActivitySchema(httpsOnly: boolean) {
  return z
    .object({
      type: z.string().min(1),
      serviceUrl: serviceUrl(httpsOnly),
      channelId: z.string().min(1),
      conversation: account,
      from: account,
      recipient: account,
      text: z.string().nullish(),
    })
    .passthrough();
}

const SCHEMAS = { httpsOnly: inboundActivitySchema(true), any: inboundActivitySchema(false) };

/** Where replies may go: `httpsOnly` in production, where a plain-http serviceUrl can only be forged. */
export interface InboundPolicy {
  httpsOnly: boolean;
}

/** An inbound request body checked: the activity, or the HTTP status and reason to refuse it with. */
export type InboundActivityCheck = { ok: true; activity: Activity } | { ok: false; status: 400 | 415; message: string };

/** Checks a request to /api/messages before any handler runs. */
export function checkInboundActivity(contentType: string | undefined, body: unknown, policy: InboundPolicy): InboundActivityCheck {
  if (!/^application\/(json|[\w.+-]+\+json)\b/i.test(contentType ?? ""))
    return { ok: false, status: 415, message: "Expected an application/json Bot Framework activity." };
  const parsed = (policy.httpsOnly ? SCHEMAS.httpsOnly : SCHEMAS.any).safeParse(body);
  if (!parsed.success)
    return { ok: false, status: 400, message: `Not a Bot Framework activity: ${parsed.error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; ")}` };
  return { ok: true, activity: parsed.data as unknown as Activity };
}
