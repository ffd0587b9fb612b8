import type { TranscriptDocument } from "../../domain";
import type { EvalModel } from "../eval-model";
import { extractTopics } from "../metrics/topic-adherence";
import type { ReferenceTopics } from "../reference-topics";

type LiveTopicSource = "question" | "golden" | "scope";

export type LiveReferenceTopics = { topics: string[]; source: LiveTopicSource } | { topics: null; reason: string };

/**
 * Decided without looking at what the Router chose (a misrouted run must not be graded against its own misrouting): a golden case's
 * topics, else those extracted from the question alone; a run declined as out of scope is held to the bot's whole scope.
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

export function isDeclinedOutOfScope(transcript: Pick<TranscriptDocument, "status">): boolean {
  return transcript.status === "out_of_scope";
}
