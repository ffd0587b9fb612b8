import { buildRenewalAlertCard, ownerMentionText, parseRenewalAction, RENEWAL_VERBS, renewalQuestion, type AdaptiveCard } from "../cards";
import { systemClock, type RenewalAlert } from "../domain";
import { updateVersioned } from "../workflow/versioned-update";
import type { BotContext } from "./bot-deps";
import { refuseAction } from "./card-actions";
import { chatOf } from "./conversation-key";

/** With the entity that makes the owner line an @mention (by Entra id, else e-mail, which Teams takes as the UPN). */
export function renewalAlertCard(alert: RenewalAlert, outcome?: { kind: "dismissed" | "asked"; by: string }): AdaptiveCard {
  const card = buildRenewalAlertCard({ language: alert.language, alertId: alert.id, due: alert.due, ...(outcome ? { outcome } : {}) });
  const owner = alert.due.owner;
  const id = owner?.aadObjectId ?? owner?.email;
  if (!id) return card;
  const name = ownerMentionText(alert.language, alert.due);
  return { ...card, msteams: { entities: [{ type: "mention", text: `<at>${name}</at>`, mentioned: { id, name } }] } };
}

// Only a click from the channel the alert was posted to counts. Dismiss is recorded (never posted again) and leaves no buttons; Ask
// puts the renewal question through the ordinary intake, so the answer arrives in the card's thread.
export async function renewalClick(ctx: BotContext<"store" | "questions" | "telemetry" | "log">): Promise<AdaptiveCard | string> {
  const { turn, services } = ctx;
  const action = parseRenewalAction(turn.activity.value);
  if (!action) return refuseAction(ctx, "not a renewal action");
  const held = await services.store.renewalAlerts.get(action.alertId);
  if (!held?.value.thread || chatOf(held.value.thread.conversationId) !== chatOf(turn.activity.conversation.id))
    return refuseAction(ctx, held ? "the alert was posted to another conversation" : "no such alert");
  const by = turn.activity.from.name ?? turn.activity.from.id;
  const { due } = held.value;
  if (action.verb === RENEWAL_VERBS.dismiss) {
    const records = services.store.renewalAlerts;
    const update = await updateVersioned<RenewalAlert>(
      { read: () => records.get(action.alertId), write: (value, etag) => records.replace(value, etag ?? "") },
      (current) =>
        current && current.state !== "dismissed"
          ? {
              ...current,
              state: "dismissed",
              dismissed: {
                byAadObjectId: turn.activity.from.aadObjectId ?? turn.activity.from.id,
                byName: by,
                at: systemClock.now().toISOString(),
              },
            }
          : undefined,
      { attempts: 3, gaveUp: () => new Error(`renewal alert ${action.alertId} changed under every attempt`) },
    );
    if (update?.written)
      services.telemetry.event("RenewalAlert", { action: "dismissed", contractId: due.contractId, daysLeft: due.daysLeft });
    return renewalAlertCard(held.value, { kind: "dismissed", by: update?.current.value.dismissed?.byName ?? by });
  }
  if (held.value.dismissed) return renewalAlertCard(held.value, { kind: "dismissed", by: held.value.dismissed.byName });
  const runId = await services.questions.start(turn, renewalQuestion(held.value.language, due));
  if (runId) services.telemetry.event("RenewalAlert", { action: "asked", contractId: due.contractId, daysLeft: due.daysLeft });
  return renewalAlertCard(held.value, runId ? { kind: "asked", by } : undefined);
}
