import { z } from "zod";

/** How the selected specialists interact: parallel opinions, or a second rebuttal round. */
const DebateModeSchema = z.enum(["independent", "debate"]);
/** How much tool evidence specialists must gather and the Moderator must cite. */
const EvidenceNeedSchema = z.enum(["low", "medium", "high"]);

/**
 * The Router's budget for each of its sentences (characters). Its output is on the critical path
 * whenever its call outlasts the speculative specialists; `reason` is read by transcripts, the run
 * view and approvers, `scopeReason` only when the question is out of scope. A budget the model is
 * told, not a limit that fails a longer sentence (a repair would cost a whole extra call).
 */
export const ROUTER_REASON_CHARS = 80;

/** What the Router model must return (validated again with the registry's ids, see below). */
export const RouterOutputSchema = z.object({
  selected: z.array(z.string()),
  priority: z.array(z.string()),
  debateMode: DebateModeSchema,
  evidenceNeed: EvidenceNeedSchema,
  hitl: z.boolean(),
  reason: z.string().describe(`one sentence, at most ${ROUTER_REASON_CHARS} characters`),
  /** False for questions outside procurement (small talk, weather, gibberish, other departments' topics): no specialist runs. */
  inScope: z.boolean(),
  /** Why the question is not a procurement question, in the question's language; empty when it is one (nothing reads it then). */
  scopeReason: z.string().describe(`empty when inScope; otherwise one sentence, at most ${ROUTER_REASON_CHARS} characters`),
});
export type RouterOutput = z.infer<typeof RouterOutputSchema>;

/** The decision the workflow acts on: the router output, plus whether it is the Knowledge fallback. */
export const RouterDecisionSchema = RouterOutputSchema.extend({ fallback: z.boolean() });
export type RouterDecision = z.infer<typeof RouterDecisionSchema>;

/**
 * The router output validated against the registry: 1..max distinct known ids, and a priority that
 * orders exactly the selected ids (a priority that omits some is completed in selection order).
 */
export function routerDecisionSchema(knownIds: readonly string[], maxSpecialists: number) {
  const known = new Set(knownIds);
  return RouterOutputSchema.superRefine((value, ctx) => {
    if (value.selected.length === 0) ctx.addIssue({ code: "custom", message: "selected is empty" });
    if (value.selected.length > maxSpecialists)
      ctx.addIssue({ code: "custom", message: `selected has ${value.selected.length} ids; at most ${maxSpecialists}` });
    if (new Set(value.selected).size !== value.selected.length) ctx.addIssue({ code: "custom", message: "selected repeats an id" });
    for (const id of [...value.selected, ...value.priority])
      if (!known.has(id)) ctx.addIssue({ code: "custom", message: `unknown specialist id '${id}'` });
    for (const id of value.priority)
      if (!value.selected.includes(id)) ctx.addIssue({ code: "custom", message: `priority names '${id}', which is not selected` });
  }).transform((value): RouterDecision => {
    const priority = [...new Set(value.priority)];
    for (const id of value.selected) if (!priority.includes(id)) priority.push(id);
    return { ...value, priority, fallback: false };
  });
}
