import { z } from "zod";
import { StreamPositionSchema } from "./stream-position";

/** Who asked, as ids only (no names or e-mails): lets the Teams layer deliver a late answer. */
export const RequesterSchema = z.object({
  userId: z.string(),
  aadObjectId: z.string().optional(),
  conversationId: z.string(),
  tenantId: z.string().optional(),
  /** The message showing the run's progress (a Teams activity id), so a resumed run updates it. */
  progressActivityId: z.string().optional(),
  /** The chat's streamed answer (personal chats), so a resumed run continues the same stream. */
  stream: StreamPositionSchema.optional(),
});
export type Requester = z.infer<typeof RequesterSchema>;

/** Whom a run counts against for fair share: the person's Entra object id, else their Teams user id. */
export function userKeyOf(requester: Pick<Requester, "userId" | "aadObjectId">): string {
  return requester.aadObjectId ?? requester.userId;
}
