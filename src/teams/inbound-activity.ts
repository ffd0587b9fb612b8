import type { Activity } from "botbuilder";
import { z } from "zod";
import { describeZodError } from "../domain/zod-issues";

const account = z.object({ id: z.string().min(1, "must not be empty") }).passthrough();

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

/** An inbound request body checked: the activity, or the reason to refuse it with a 400. */
export type InboundActivityCheck = { ok: true; activity: Activity } | { ok: false; message: string };

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
  return { ok: true, activity: parsed.data as unknown as Activity };
}
