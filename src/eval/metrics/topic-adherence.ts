import { z } from "zod";
import type { Sample } from "../../domain";
import { callEvalModel, type EvalModel } from "../eval-model";
import { conversationText } from "./conversation-text";
import { f1Score, failed, notScorable, scored, type MetricResult } from "./metric-result";
import { acrossModels } from "./model-graded";

/** Which component of topic adherence is the score (seed 004 default: F1). */
export type TopicAdherenceMode = "PRECISION" | "RECALL" | "F1";

/** TopicAdherence settings. */
export interface TopicAdherenceConfig {
  mode: TopicAdherenceMode;
  models?: string[];
}

/** How one discussed topic relates to the reference topics. */
export interface TopicClassification {
  topic: string;
  onTopic: boolean;
  /** The reference topics this discussed topic belongs to (exact reference strings). */
  referenceTopics: string[];
  /** Whether the assistant answered on this topic (false: it refused or deflected). */
  answered: boolean;
}

/** The components of one model's topic adherence. */
export interface TopicAdherenceParts {
  mode: TopicAdherenceMode;
  precision: number | null;
  recall: number | null;
  f1: number | null;
  topics: string[];
  classifications: TopicClassification[];
  coveredReferenceTopics: string[];
  refusedTopics: string[];
}

const TopicsSchema = z.object({ topics: z.array(z.string().min(1)) });

/** The classification schema for one call: reference topics are an enum of the sample's topics. */
export function classificationSchema(referenceTopics: [string, ...string[]]) {
  return z.object({
    classifications: z.array(
      z.object({
        topic: z.string(),
        onTopic: z.boolean(),
        referenceTopics: z.array(z.enum(referenceTopics)),
        answered: z.boolean(),
      }),
    ),
  });
}

/** The classifications must cover exactly the extracted topics, in order. */
function coversExactly(topics: string[], classifications: { topic: string }[]): string | null {
  const got = classifications.map((item) => item.topic);
  return got.length === topics.length && got.every((topic, index) => topic === topics[index])
    ? null
    : `classify exactly these topics, in this order: ${JSON.stringify(topics)}`;
}

/**
 * Scores classified topics as seed 004 defines it: precision = on-topic discussed topics / all
 * discussed topics; recall = reference topics covered / all reference topics, where a reference topic
 * is covered by an on-topic discussed topic the assistant answered (a refusal covers nothing).
 */
export function topicAdherenceScores(classifications: TopicClassification[], referenceTopics: string[]) {
  const onTopicCount = classifications.filter((item) => item.onTopic).length;
  const covered = referenceTopics.filter((reference) =>
    classifications.some((item) => item.onTopic && item.answered && item.referenceTopics.includes(reference)),
  );
  const precision = onTopicCount / classifications.length;
  const recall = covered.length / referenceTopics.length;
  return { precision, recall, f1: f1Score(precision, recall), covered };
}

/** TopicAdherence: extract the topics discussed, classify them all in one call, score per mode; per model, then the mean. */
export function topicAdherence(evalModel: EvalModel, sample: Sample, config: TopicAdherenceConfig = { mode: "F1" }) {
  return acrossModels("topic-adherence", evalModel, config.models, (model) => topicAdherenceWith(evalModel, model, sample, config.mode));
}

async function topicAdherenceWith(evalModel: EvalModel, model: string, sample: Sample, mode: TopicAdherenceMode): Promise<MetricResult<TopicAdherenceParts>> {
  const parts: TopicAdherenceParts = { mode, precision: null, recall: null, f1: null, topics: [], classifications: [], coveredReferenceTopics: [], refusedTopics: [] };
  const referenceTopics = [...new Set((sample.referenceTopics ?? []).map((topic) => topic.trim()).filter(Boolean))];
  if (referenceTopics.length === 0) return notScorable("topic-adherence", "the sample has no reference topics to adhere to", parts);
  const conversation = conversationText(sample.userInputMessages);
  const extracted = await callEvalModel(evalModel, {
    agentId: "eval.topic-extraction",
    model,
    promptFile: "metrics/topic-extraction.md",
    user: `Conversation:\n${conversation}`,
    output: { name: "topics", schema: TopicsSchema },
  });
  if (extracted.kind !== "ok") return failed("topic-adherence", "topic extraction", extracted, parts);
  parts.topics = [...new Set(extracted.value.topics.map((topic) => topic.trim()).filter(Boolean))];
  if (parts.topics.length === 0) return notScorable("topic-adherence", "no topics were found in the conversation, so adherence cannot be measured", parts);
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
  const { precision, recall, f1, covered } = topicAdherenceScores(parts.classifications, referenceTopics);
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
