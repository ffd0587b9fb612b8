import type { z } from "zod";
import { ModeratorAnswerSchema, type Sample, type SampleMessage, type SampleToolCall, type TranscriptDocument } from "../../domain";
import { sameCall } from "./sample-tool-calls";

/** What a golden set or an admin knows about a run beyond the transcript itself. */
export type SampleReferences = Pick<Sample, "reference" | "referenceTopics" | "referenceToolCalls">;

const DeliveredAnswerSchema = ModeratorAnswerSchema.pick({ conclusion: true, rationale: true, findings: true, nextActions: true });

/** Up-front calls apart; a call several specialists share (or one repeated on a re-ask) is one call. */
function transcriptToolCalls(transcript: TranscriptDocument): Pick<Sample, "toolCalls" | "upFrontToolCalls"> {
  const distinct = (calls: SampleToolCall[]) => calls.filter((call, index) => calls.findIndex((other) => sameCall(other, call)) === index);
  const records = transcript.steps.flatMap((step) => step.toolCalls);
  const asCall = (call: (typeof records)[number]): SampleToolCall => ({ name: call.name, arguments: call.arguments });
  const own = distinct(records.filter((call) => !call.upFront).map(asCall));
  const upFront = distinct(records.filter((call) => call.upFront).map(asCall)).filter((call) => !own.some((mine) => sameCall(mine, call)));
  return { toolCalls: own, ...(upFront.length > 0 ? { upFrontToolCalls: upFront } : {}) };
}

/** The closing AI turn is the whole answer the employee received, not the conclusion alone: the metrics judge what was delivered. */
export function transcriptToSample(transcript: TranscriptDocument, references: SampleReferences = {}): Sample {
  const conversation =
    transcript.conversation.length > 0 ? transcript.conversation : [{ type: "human" as const, content: transcript.question }];
  return {
    id: transcript.id,
    userInputMessages: withWholeAnswer(conversation, transcript.answer),
    ...transcriptToolCalls(transcript),
    ...Object.fromEntries(Object.entries(references).filter(([, value]) => value !== undefined)),
  };
}

function withWholeAnswer(conversation: SampleMessage[], stored: unknown): SampleMessage[] {
  const answer = DeliveredAnswerSchema.safeParse(stored);
  if (!answer.success) return conversation;
  const last = conversation.at(-1);
  const closing: SampleMessage = { type: "ai", content: renderAnswer(answer.data) };
  return last?.type === "ai" && last.content === answer.data.conclusion && !last.toolCalls?.length
    ? [...conversation.slice(0, -1), closing]
    : [...conversation, closing];
}

function renderAnswer(answer: z.infer<typeof DeliveredAnswerSchema>): string {
  const section = (title: string, lines: string[]) =>
    lines.length > 0 ? [`${title}:`, ...lines.map((line) => `- ${line}`)].join("\n") : "";
  return [
    answer.conclusion,
    section(
      "Rationale",
      answer.rationale.map((item) => (item.citations.length > 0 ? `${item.point} [${item.citations.join(", ")}]` : item.point)),
    ),
    section(
      "Findings",
      answer.findings.map((finding) => `${finding.specialist}: ${finding.summary}`),
    ),
    section("Next actions", answer.nextActions),
  ]
    .filter(Boolean)
    .join("\n\n");
}
