import { z } from "zod";
import {
  FALLBACK_SPECIALIST,
  ROUTER_REASON_CHARS,
  RouterOutputSchema,
  SELECTED_DESCRIPTION,
  questionToAnswer,
  routerDecisionSchema,
  type RouterDecision,
  type RouterInput,
} from "../../domain";
import { renderTemplate } from "../prompt-library";
import type { RunContext } from "../run-context";
import { askAgent } from "./ask-agent";

/** The Knowledge-alone decision used whenever routing fails; `why` is kept in `reason`. */
export function fallbackDecision(why: string): RouterDecision {
  return {
    selected: [FALLBACK_SPECIALIST],
    debateMode: "independent",
    evidenceNeed: "medium",
    hitl: false,
    reason: `Fallback to ${FALLBACK_SPECIALIST}: ${why}`,
    // Without a decision the question is answered rather than refused: a refusal needs a reason.
    inScope: true,
    scopeReason: "",
    fallback: true,
  };
}

/** The Router's output schema with the offered ids as an enum, one per id set (its strict JSON Schema is cached by identity). */
const wireSchemas = new Map<string, z.ZodTypeAny>();

function routerWireSchema(ids: readonly string[]): z.ZodTypeAny {
  const key = ids.join(",");
  const values = [...ids] as [string, ...string[]];
  const schema = wireSchemas.get(key) ?? RouterOutputSchema.extend({ selected: z.array(z.enum(values)).describe(SELECTED_DESCRIPTION) });
  wireSchemas.set(key, schema);
  return schema;
}

/**
 * Asks the Router about the question, offering the registry without the `unavailable` it must not pick again. Never throws
 * for model trouble: a missing, non-JSON or invalid decision (unknown id, empty, too many) falls back to Knowledge alone.
 */
export async function routeQuestion(context: RunContext, unavailable: RouterInput["unavailable"] = []): Promise<RouterDecision> {
  const { deps, state } = context;
  const input: RouterInput = {
    agent: "router",
    question: questionToAnswer(state),
    language: state.language,
    specialists: deps.prompts.specialists
      .filter(({ id }) => !unavailable.some((u) => u.specialist === id))
      .map(({ id, displayName, description, keywords }) => ({ id, displayName, description, keywords })),
    maxSpecialists: deps.settings.maxSpecialists,
    ...(unavailable.length > 0 ? { unavailable } : {}),
  };
  const ids = input.specialists.map((s) => s.id);
  const max = input.maxSpecialists;
  const outcome = await askAgent(context, undefined, {
    agentId: "router",
    system: renderTemplate(deps.prompts.router.text, { maxSpecialists: max, reasonChars: ROUTER_REASON_CHARS }),
    timeoutMs: deps.settings.timeouts.routerMs,
    input,
    output: { name: "router_decision", schema: routerWireSchema(ids) },
    validator: routerDecisionSchema(ids, max),
  });
  return outcome.kind === "ok" ? outcome.value : fallbackDecision(`router ${outcome.kind.replace("_", " ")}: ${outcome.cause}`);
}
