import { z } from "zod";

/**
 * The minimum an inbound Bot Framework activity must carry for the bot to answer it. Checked before
 * the adapter runs, so a malformed request gets a clear 400 instead of a 500 or a silent 200.
 */
export const InboundActivitySchema = z
  .object({
    type: z.string().min(1),
    serviceUrl: z.string().url(),
    channelId: z.string().min(1),
    conversation: z.object({ id: z.string().min(1) }).passthrough(),
    from: z.object({ id: z.string().min(1) }).passthrough().optional(),
  })
  .passthrough();

/** Why a request body is not an activity we can answer, or undefined when it is. */
export function inboundActivityProblem(contentType: string | undefined, body: unknown): { status: 400 | 415; message: string } | undefined {
  if (!/^application\/(json|[\w.+-]+\+json)\b/i.test(contentType ?? ""))
    return { status: 415, message: "Expected an application/json Bot Framework activity." };
  const parsed = InboundActivitySchema.safeParse(body);
  if (!parsed.success)
    return { status: 400, message: `Not a Bot Framework activity: ${parsed.error.issues.map((i) => `${i.path.join(".") || "body"} ${i.message}`).join("; ")}` };
  return undefined;
}
