/** What the user was finally told in a conversation, read from the cards the fake connector received. */
import { labelsFor } from "../src/domain";
import { cardOf, cardTexts, isAnswerCard, type RecordedActivity } from "../test/fakes/fake-connector";

/** The final reply kinds a run can end with. */
export type FinalReply = "answer" | "under_review" | "error" | "out_of_scope";

const LANGUAGES = [labelsFor("en"), labelsFor("ja")];

/** The final reply an activity carries (a new message, not a progress update), if it is one. */
export function finalReplyOf(recorded: RecordedActivity): FinalReply | undefined {
  if (recorded.method !== "POST") return undefined;
  const card: unknown = cardOf(recorded);
  if (!card) return undefined;
  const texts = cardTexts(card);
  const shows = (pick: (labels: (typeof LANGUAGES)[number]) => string) =>
    LANGUAGES.some((labels) => texts.some((t) => t.includes(pick(labels))));
  if (shows((l) => l.underReviewTitle)) return "under_review";
  if (shows((l) => l.errorTitle)) return "error";
  if (isAnswerCard(recorded)) return "answer";
  if (shows((l) => l.outOfScopeTitle)) return "out_of_scope";
  return undefined;
}

/** The run ids the cards in the activities name (progress cards, and answer cards' buttons carry them), distinct, in order. */
export function runIdsIn(activities: readonly RecordedActivity[]): string[] {
  const ids = activities.flatMap((a) => [...JSON.stringify(a.activity).matchAll(/"runId":"([^"]+)"/g)].map((m) => m[1]));
  return [...new Set(ids)];
}

/** Every final reply in the activities, in order. */
export function finalReplies(activities: readonly RecordedActivity[]): FinalReply[] {
  return activities.flatMap((activity) => finalReplyOf(activity) ?? []);
}
