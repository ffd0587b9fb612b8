import { z } from "zod";
import type { TranscriptDocument } from "../../domain";
import type { EvalModel } from "../eval-model";
import { extractTopics } from "../metrics/topic-adherence";
import type { ReferenceTopics } from "../reference-topics";

/** Where a live run's reference topics came from. */
export type LiveTopicSource = "router" | "question" | "scope";

/** A live run's reference topics, or why there are none. */
export type LiveReferenceTopics = { topics: string[]; source: LiveTopicSource } | { topics: null; reason: string };

const SelectedSpecialistsSchema = z.object({ selected: z.array(z.string()).min(1), fallback: z.boolean().optional() });

/**
 * The topics a live run should stay within: those of the specialists its Router selected. Without a
 * usable decision (the Router failed, or selected a specialist with no reference topics) the topics
 * are extracted from the question itself. A run declined as out of scope is held to the whole scope.
 */
export async function liveReferenceTopics(
  evalModel: EvalModel,
  transcript: TranscriptDocument,
  reference: ReferenceTopics,
): Promise<LiveReferenceTopics> {
  if (isDeclinedOutOfScope(transcript)) return { topics: reference.all, source: "scope" };
  const decision = SelectedSpecialistsSchema.safeParse(transcript.decision);
  // The Knowledge fallback is what runs when the Router could not decide: it says nothing about the question.
  const selected = decision.success && !decision.data.fallback ? decision.data.selected : [];
  if (selected.length > 0 && selected.every((id) => reference.bySpecialist[id] !== undefined))
    return { topics: [...new Set(selected.flatMap((id) => reference.bySpecialist[id]))], source: "router" };
  const extracted = await extractTopics(evalModel, evalModel.models[0], [{ type: "human", content: transcript.question }]);
  if (extracted.kind !== "ok")
    return { topics: null, reason: `topics of the question could not be extracted (${extracted.kind}): ${extracted.cause}` };
  if (extracted.value.length === 0) return { topics: null, reason: "the question names no topic to adhere to" };
  return { topics: extracted.value, source: "question" };
}

/** Runs the bot declined because the question is outside its scope (the status names it). */
export function isDeclinedOutOfScope(transcript: Pick<TranscriptDocument, "status">): boolean {
  return transcript.status === "out_of_scope";
}
