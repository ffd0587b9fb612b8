import type { TranscriptDocument } from "../../domain";
import type { EvalModel } from "../eval-model";
import { extractTopics } from "../metrics/topic-adherence";
import type { ReferenceTopics } from "../reference-topics";

/** Where a live run's reference topics came from. */
type LiveTopicSource = "question" | "golden" | "scope";

/** A live run's reference topics, or why there are none. */
export type LiveReferenceTopics = { topics: string[]; source: LiveTopicSource } | { topics: null; reason: string };

/**
 * The topics a live run should stay within, decided without looking at what the Router chose (a misrouted run must not be graded against
 * its own misrouting): a golden case's curated topics when the question is one, else the topics the evaluation model extracts from the
 * question alone. A run declined as out of scope is held to the bot's whole scope.
 */
export async function liveReferenceTopics(
  evalModel: EvalModel,
  transcript: TranscriptDocument,
  scope: ReferenceTopics,
  goldenTopics?: string[],
): Promise<LiveReferenceTopics> {
  if (isDeclinedOutOfScope(transcript)) return { topics: scope.all, source: "scope" };
  if (goldenTopics && goldenTopics.length > 0) return { topics: goldenTopics, source: "golden" };
  // A follow-up ("and for Beta?") carries its meaning in the standalone question the agents answered.
  const question = transcript.standaloneQuestion ?? transcript.question;
  const extracted = await extractTopics(evalModel, evalModel.models[0], [{ type: "human", content: question }]);
  if (extracted.kind !== "ok")
    return { topics: null, reason: `topics of the question could not be extracted (${extracted.kind}): ${extracted.cause}` };
  if (extracted.value.length === 0) return { topics: null, reason: "the question names no topic to adhere to" };
  return { topics: extracted.value, source: "question" };
}

/** Runs the bot declined because the question is outside its scope (the status names it). */
export function isDeclinedOutOfScope(transcript: Pick<TranscriptDocument, "status">): boolean {
  return transcript.status === "out_of_scope";
}
