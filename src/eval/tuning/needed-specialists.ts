import { contentFeatures } from "../../tools/text/words";
import type { ReferenceTopics } from "../reference-topics";

/** A question topic belongs to a scope topic when it shares at least this share of the scope topic's words. */
const TOPIC_OVERLAP = 0.5;

/**
 * The specialists a question needed, from its own topics and the scope by specialist
 * (`prompts/metrics/reference-topics.yaml`): a question topic equal to a scope topic, or sharing most
 * of its words, calls for every specialist that owns it. Never derived from what the Router chose.
 */
export function neededSpecialists(questionTopics: string[], scope: ReferenceTopics): string[] {
  const needed = new Set<string>();
  for (const topic of questionTopics) {
    const features = contentFeatures(topic);
    for (const [specialist, owned] of Object.entries(scope.bySpecialist)) {
      const matches = owned.some((scopeTopic) => {
        if (scopeTopic.trim().toLowerCase() === topic.trim().toLowerCase()) return true;
        const scopeFeatures = [...contentFeatures(scopeTopic)];
        const shared = scopeFeatures.filter((feature) => features.has(feature)).length;
        return scopeFeatures.length > 0 && shared / scopeFeatures.length >= TOPIC_OVERLAP;
      });
      if (matches) needed.add(specialist);
    }
  }
  return [...needed];
}
