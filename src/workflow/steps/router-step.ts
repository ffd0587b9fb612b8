import { z } from "zod";
import { FALLBACK_SPECIALIST, RouterOutputSchema, routerDecisionSchema, type RouterDecision } from "../../domain";
import type { RouterInput, SpecialistSummary } from "../agent-inputs";
import { renderTemplate } from "../prompt-library";
import type { RunContext } from "../run-context";
import { askAgent } from "./ask-agent";

/** The registry as the Router sees it. */
export function specialistSummaries(context: RunContext): SpecialistSummary[] {
  return context.deps.prompts.specialists.map(({ id, displayName, description, keywords }) => ({ id, displayName, description, keywords }));
}

/** The Knowledge-alone decision used whenever routing fails; `why` is kept in `reason`. */
export function fallbackDecision(why: string): RouterDecision {
  return {
    selected: [FALLBACK_SPECIALIST],
    priority: [FALLBACK_SPECIALIST],
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

/** The Router's output schema with the registered ids as an enum, one per registry (its strict JSON Schema is cached by identity). */
const wireSchemas = new WeakMap<readonly { id: string }[], z.ZodTypeAny>();

function routerWireSchema(specialists: readonly { id: string }[]): z.ZodTypeAny {
  let schema = wireSchemas.get(specialists);
  if (schema === undefined) {
    const ids = specialists.map((s) => s.id) as [string, ...string[]];
    schema = RouterOutputSchema.extend({ selected: z.array(z.enum(ids)), priority: z.array(z.enum(ids)) });
    wireSchemas.set(specialists, schema);
  }
  return schema;
}

/**
 * Asks the Router which specialists should answer. Never throws for model trouble: a missing,
 * non-JSON or invalid decision (unknown id, empty, too many) falls back to Knowledge alone.
 */
export async function routeQuestion(context: RunContext): Promise<RouterDecision> {
  const { deps, state } = context;
  const ids = deps.prompts.specialists.map((s) => s.id);
  const max = deps.settings.maxSpecialists;
  const input: RouterInput = {
    agent: "router",
    question: state.question,
    language: state.language,
    specialists: specialistSummaries(context),
    maxSpecialists: max,
  };
  const prompt = deps.prompts.router;
  const wireSchema = routerWireSchema(deps.prompts.specialists);
  const report = await context.executor("router", undefined, async (step) => {
    const outcome = await askAgent(context, {
      model: step.model,
      agentId: "router",
      prompt,
      system: renderTemplate(prompt.text, { maxSpecialists: max }),
      defaultModel: deps.settings.models.router,
      timeoutMs: deps.settings.timeouts.routerMs,
      input,
      output: { name: "router_decision", schema: wireSchema },
      validator: routerDecisionSchema(ids, max),
    });
    return outcome.kind === "ok"
      ? { ...outcome, outcome: "ok" as const, decision: outcome.value }
      : { ...outcome, outcome: outcome.kind, decision: fallbackDecision(`router ${outcome.kind.replace("_", " ")}: ${outcome.cause}`), detail: outcome.cause };
  });
  return report.decision;
}
