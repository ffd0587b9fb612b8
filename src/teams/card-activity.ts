import type { Activity } from "botbuilder";
import { type AdaptiveCard, cardAttachment } from "../cards";

export function cardActivity(card: AdaptiveCard): Partial<Activity> {
  return { type: "message", attachments: [cardAttachment(card)] };
}
