import type { Sample, SampleToolCall, TranscriptDocument } from "../../domain";

/** What a golden set or an admin knows about a run beyond the transcript itself. */
export type SampleReferences = Pick<Sample, "reference" | "referenceTopics" | "referenceToolCalls">;

/** The tool calls a run made, in step order, as seed-004 tool calls (name and arguments). */
export function transcriptToolCalls(transcript: TranscriptDocument): SampleToolCall[] {
  return transcript.steps.flatMap((step) => step.toolCalls.map((call) => ({ name: call.name, arguments: call.arguments })));
}

/** A stored transcript as an evaluation sample: its conversation, its tool calls and any references. */
export function transcriptToSample(transcript: TranscriptDocument, references: SampleReferences = {}): Sample {
  const conversation = transcript.conversation.length > 0 ? transcript.conversation : [{ type: "human" as const, content: transcript.question }];
  return { id: transcript.id, userInputMessages: conversation, toolCalls: transcriptToolCalls(transcript), ...definedOnly(references) };
}

function definedOnly(references: SampleReferences): SampleReferences {
  return Object.fromEntries(Object.entries(references).filter(([, value]) => value !== undefined));
}
