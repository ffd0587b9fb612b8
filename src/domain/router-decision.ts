import { z } from "zod";

/** How the selected specialists interact: parallel opinions, or a second rebuttal round. */
const DebateModeSchema = z.enum(["independent", "debate"]);
/** How much tool evidence specialists must gather and the Moderator must cite. */
const EvidenceNeedSchema = z.enum(["low", "medium", "high"]);

/** A budget per Router sentence, not a limit (a repair costs a call): its output is on the critical path when it outlasts the speculative specialists. */
export const ROUTER_REASON_CHARS = 80;

/** What the model is told `selected` is (the wire schema restates it with the offered ids as an enum). */
export const SELECTED_DESCRIPTION = "the chosen specialist ids, most important first";

export const RouterOutputSchema = z.object({
  /** Most important first: the order every reader of the decision takes as the specialists' priority. */
  selected: z.array(z.string()).describe(SELECTED_DESCRIPTION),
  debateMode: DebateModeSchema,
  evidenceNeed: EvidenceNeedSchema,
  hitl: z.boolean(),
  reason: z.string().describe(`one sentence, at most ${ROUTER_REASON_CHARS} characters`),
  /** False for questions outside procurement (small talk, weather, gibberish, other departments' topics): no specialist runs. */
  inScope: z.boolean(),
  /** Why the question is out of scope, in its language; empty when in scope. */
  scopeReason: z.string().describe(`empty when inScope; otherwise one sentence, at most ${ROUTER_REASON_CHARS} characters`),
});
export type RouterOutput = z.infer<typeof RouterOutputSchema>;

export const RouterDecisionSchema = RouterOutputSchema.extend({ fallback: z.boolean() });
export type RouterDecision = z.infer<typeof RouterDecisionSchema>;

export function routerDecisionSchema(knownIds: readonly string[], maxSpecialists: number) {
  const known = new Set(knownIds);
  return RouterOutputSchema.superRefine((value, ctx) => {
    if (value.selected.length === 0) ctx.addIssue({ code: "custom", message: "selected is empty" });
    if (value.selected.length > maxSpecialists)
      ctx.addIssue({ code: "custom", message: `selected has ${value.selected.length} ids; at most ${maxSpecialists}` });
    if (new Set(value.selected).size !== value.selected.length) ctx.addIssue({ code: "custom", message: "selected repeats an id" });
    for (const id of value.selected) if (!known.has(id)) ctx.addIssue({ code: "custom", message: `unknown specialist id '${id}'` });
  }).transform((value): RouterDecision => ({ ...value, fallback: false }));
}
