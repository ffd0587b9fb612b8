import { z } from "zod";
import type { Sample, SampleMessage } from "../../domain";
import type { StructuredOutcome } from "../../workflow/structured-call";
import { callEvalModel, type EvalModel } from "../eval-model";
import type { MetricOptions } from "../score-sample";
import { acrossModels, conversationText, f1Score, failed, notScorable, ratio, scored, type MetricResult } from "./metric-result";

/** `mode` is which component of topic adherence is the score (default: F1, so neither straying nor missing topics is free). */
type TopicAdherenceOptions = Extract<MetricOptions, { metric: "topic-adherence" }>;

/**
 * How topics are counted. COVERAGE (the default): precision = on-topic discussed topics / discussed topics, recall = reference topics
 * covered / reference topics. REFUSAL (ragas): only answered topics can be false positives, so a correctly refused off-topic topic costs
 * nothing; recall = answered on-topic topics / on-topic topics (refusing an allowed topic is the miss).
 */
type TopicCounting = TopicAdherenceOptions["counting"];

export interface TopicAdherenceParts {
  mode: TopicAdherenceOptions["mode"];
  counting: TopicCounting;
  precision: number | null;
  recall: number | null;
  f1: number | null;
  topics: string[];
  classifications: TopicClassification[];
  coveredReferenceTopics: string[];
  refusedTopics: string[];
}

const TopicsSchema = z.object({ topics: z.array(z.string().min(1)) });

// Reference topics are an enum of the sample's topics.
function classificationSchema(referenceTopics: [string, ...string[]]) {
  return z.object({
    classifications: z.array(
      z.object({
        topic: z.string(),
        onTopic: z.boolean(),
        referenceTopics: z.array(z.enum(referenceTopics)),
        // False: it refused or deflected.
        answered: z.boolean(),
      }),
    ),
  });
}
export type TopicClassification = z.infer<ReturnType<typeof classificationSchema>>["classifications"][number];

// The classifications must cover exactly the extracted topics, in order.
function coversExactly(topics: string[], classifications: { topic: string }[]): string | null {
  const got = classifications.map((item) => item.topic);
  return got.length === topics.length && got.every((topic, index) => topic === topics[index])
    ? null
    : `classify exactly these topics, in this order: ${JSON.stringify(topics)}`;
}

/**
 * Scores classified topics. A reference topic is covered by an on-topic discussed topic the assistant answered (a refusal covers nothing).
 * - COVERAGE (the default): precision = on-topic discussed / discussed; recall = covered / reference topics.
 * - REFUSAL (ragas): TP = answered on-topic, FP = answered off-topic, FN = refused on-topic (a refused off-topic topic is a true negative);
 *   precision = TP / (TP + FP), recall = TP / (TP + FN). A 0/0 is 1 here (nothing wrong was done), where ragas returns 0.
 */
export function topicAdherenceScores(
  classifications: TopicClassification[],
  referenceTopics: string[],
  counting: TopicCounting = "COVERAGE",
) {
  const covered = referenceTopics.filter((reference) =>
    classifications.some((item) => item.onTopic && item.answered && item.referenceTopics.includes(reference)),
  );
  const count = (test: (item: TopicClassification) => boolean) => classifications.filter(test).length;
  if (counting === "REFUSAL") {
    const truePositives = count((item) => item.answered && item.onTopic);
    const precision = ratio(truePositives, truePositives + count((item) => item.answered && !item.onTopic), 1);
    const recall = ratio(truePositives, truePositives + count((item) => !item.answered && item.onTopic), 1);
    return { precision, recall, f1: f1Score(precision, recall), covered };
  }
  const precision = count((item) => item.onTopic) / classifications.length;
  const recall = covered.length / referenceTopics.length;
  return { precision, recall, f1: f1Score(precision, recall), covered };
}

export async function extractTopics(evalModel: EvalModel, model: string, messages: SampleMessage[]): Promise<StructuredOutcome<string[]>> {
  const extracted = await callEvalModel(evalModel, {
    agentId: "eval.topic-extraction",
    model,
    promptFile: "metrics/topic-extraction.md",
    user: `Conversation:\n${conversationText(messages)}`,
    output: { name: "topics", schema: TopicsSchema },
  });
  return extracted.kind === "ok"
    ? { ...extracted, value: [...new Set(extracted.value.topics.map((topic) => topic.trim()).filter(Boolean))] }
    : extracted;
}

/** Extracts the topics discussed, classifies them all in one call, scores per mode; per model, then the mean. */
export function topicAdherence(evalModel: EvalModel, sample: Sample, config: Omit<TopicAdherenceOptions, "metric">) {
  return acrossModels("topic-adherence", evalModel, config.models, (model) => topicAdherenceWith(evalModel, model, sample, config));
}

async function topicAdherenceWith(
  evalModel: EvalModel,
  model: string,
  sample: Sample,
  { mode, counting }: Omit<TopicAdherenceOptions, "metric">,
): Promise<MetricResult<TopicAdherenceParts>> {
  const parts: TopicAdherenceParts = {
    mode,
    counting,
    precision: null,
    recall: null,
    f1: null,
    topics: [],
    classifications: [],
    coveredReferenceTopics: [],
    refusedTopics: [],
  };
  const referenceTopics = [...new Set((sample.referenceTopics ?? []).map((topic) => topic.trim()).filter(Boolean))];
  if (referenceTopics.length === 0) return notScorable("topic-adherence", "the sample has no reference topics to adhere to", parts);
  const conversation = conversationText(sample.userInputMessages);
  const extracted = await extractTopics(evalModel, model, sample.userInputMessages);
  if (extracted.kind !== "ok") return failed("topic-adherence", "topic extraction", extracted, parts);
  parts.topics = extracted.value;
  if (parts.topics.length === 0)
    return notScorable("topic-adherence", "no topics were found in the conversation, so adherence cannot be measured", parts);
  const classified = await callEvalModel(evalModel, {
    agentId: "eval.topic-adherence",
    model,
    promptFile: "metrics/topic-classification.md",
    user: `Reference topics:\n${JSON.stringify(referenceTopics)}\n\nTopics discussed (classify each, in this order):\n${JSON.stringify(parts.topics)}\n\nConversation:\n${conversation}`,
    output: { name: "topic_classifications", schema: classificationSchema(referenceTopics as [string, ...string[]]) },
    check: (value) => coversExactly(parts.topics, value.classifications),
  });
  if (classified.kind !== "ok") return failed("topic-adherence", "topic classification", classified, parts);
  parts.classifications = classified.value.classifications;
  const { precision, recall, f1, covered } = topicAdherenceScores(parts.classifications, referenceTopics, counting);
  Object.assign(parts, { precision, recall, f1, coveredReferenceTopics: covered });
  parts.refusedTopics = parts.classifications.filter((item) => !item.answered).map((item) => item.topic);
  const score = { PRECISION: precision, RECALL: recall, F1: f1 }[mode];
  const offTopic = parts.classifications.filter((item) => !item.onTopic).map((item) => item.topic);
  const reason =
    `${parts.topics.length - offTopic.length}/${parts.topics.length} discussed topics on reference, ${covered.length}/${referenceTopics.length} reference topics covered` +
    (offTopic.length > 0 ? `; off-topic: ${offTopic.join(", ")}` : "") +
    (parts.refusedTopics.length > 0 ? `; refused: ${parts.refusedTopics.join(", ")}` : "");
  return scored("topic-adherence", score, reason, parts);
}
