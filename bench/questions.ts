/** The bench's questions: the everyday procurement questions of the offline routing table (en/ja). */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";

const FixtureSchema = z.object({ questions: z.array(z.object({ question: z.string().min(1) })).min(1) });

/** `count` questions, cycling through the fixture when more are asked for than it holds. */
export function benchQuestions(count: number): string[] {
  const file = join(__dirname, "..", "test", "fixtures", "offline-questions.json");
  const all = FixtureSchema.parse(JSON.parse(readFileSync(file, "utf8"))).questions.map((q) => q.question);
  return Array.from({ length: count }, (_, i) => all[i % all.length]);
}
