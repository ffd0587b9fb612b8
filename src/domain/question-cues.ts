import { z } from "zod";

/** What a question is about, read without a model (tools/question): a data tool names the cues that call for it (its relevance). */
export const QuestionCueSchema = z.enum([
  /** A supplier is named, known to the data or not (an unknown one is still looked up, so the tool can say so). */
  "supplierNamed",
  /** A supplier the data knows is named. */
  "supplierKnown",
  /** No supplier the data knows is named. */
  "noSupplierKnown",
  "category",
  "fiscalYear",
  "trend",
  "amount",
  "percentage",
  // Topics the question touches.
  "policy",
  "contract",
  "spend",
  "price",
  "alternatives",
]);
export type QuestionCue = z.infer<typeof QuestionCueSchema>;
