import { readFileSync } from "node:fs";
import { parse } from "yaml";
import { z } from "zod";
import { ConfigurationError } from "../../domain";
import { describeZodError } from "../../domain/errors";
import { callEvalModel, type EvalModel } from "../eval-model";

const GRANULARITIES = ["step_level", "phase_level", "global_summary"] as const;
export type Granularity = (typeof GRANULARITIES)[number];

/** One judging criterion; `granularity` fixes the level instead of letting the analyzer choose. */
const CriterionSchema = z.object({
  name: z.string().min(1),
  description: z.string().min(1),
  granularity: z.enum(GRANULARITIES).optional(),
});
export type Criterion = z.infer<typeof CriterionSchema>;

const CriteriaFileSchema = z.object({
  criteria: z
    .array(CriterionSchema)
    .min(1)
    .refine((list) => new Set(list.map((item) => item.name)).size === list.length, "criterion names must be unique"),
});

/** Reads a criteria YAML file (`criteria: [{name, description, granularity?}]`); errors name the file and field. */
export function readCriteria(file: string): Criterion[] {
  let json: unknown;
  try {
    json = parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new ConfigurationError(`Cannot read criteria file ${file}: ${(error as Error).message}`, error);
  }
  const parsed = CriteriaFileSchema.safeParse(json);
  if (!parsed.success) throw new ConfigurationError(`Invalid criteria file ${file}: ${describeZodError(parsed.error)}`);
  return parsed.data.criteria;
}

export interface GranularityChoice {
  criterion: string;
  granularity: Granularity;
  source: "fixed" | "model" | "rule";
  reason: string;
}

/** Words that point a criterion at a level, checked in this order (first hit wins). */
const RULES: { granularity: Granularity; pattern: RegExp }[] = [
  {
    granularity: "step_level",
    pattern:
      /\b(each|every|individual|single) (step|call|action|figure|number|claim)|hallucinat|invent|fabricat|argument|tool call|per step|各ステップ/i,
  },
  {
    granularity: "global_summary",
    pattern: /\b(overall|strategy|final|outcome|end result|efficien|persona|tone|actionab|whole run|succeed)|全体|最終/i,
  },
  { granularity: "phase_level", pattern: /\b(phase|sub-?task|stage|sequence|process|routing|delegat|exploration|coheren)|段階|フェーズ/i },
];

/** Else phase level, the middle view. */
export function ruleGranularity(criterion: Criterion): GranularityChoice {
  const text = `${criterion.name} ${criterion.description}`;
  const rule = RULES.find((candidate) => candidate.pattern.test(text));
  const reason = rule ? `keyword rule matched "${rule.pattern.exec(text)?.[0]}"` : "no keyword rule matched; phase level is the default";
  return { criterion: criterion.name, granularity: rule?.granularity ?? "phase_level", source: "rule", reason };
}

const ChoicesSchema = z.object({
  choices: z.array(z.object({ criterion: z.string(), granularity: z.enum(GRANULARITIES), reason: z.string().min(1) })),
});

/** A fixed `granularity` is kept; the others are decided in one model call, or by the keyword rules when it fails twice. */
export async function analyzeGranularity(evalModel: EvalModel, criteria: Criterion[]): Promise<GranularityChoice[]> {
  const open = criteria.filter((criterion) => criterion.granularity === undefined);
  const names = open.map((criterion) => criterion.name);
  const outcome =
    open.length === 0
      ? undefined
      : await callEvalModel(evalModel, {
          agentId: "judge.granularity",
          model: evalModel.models[0],
          promptFile: "judge/granularity.md",
          user: `Criteria:\n${open.map((criterion) => `- ${criterion.name}: ${criterion.description}`).join("\n")}`,
          output: { name: "granularity_choices", schema: ChoicesSchema },
          check: (value) => {
            const got = value.choices.map((choice) => choice.criterion);
            return got.length === names.length && names.every((name) => got.includes(name))
              ? null
              : `choose exactly once for each of: ${JSON.stringify(names)}`;
          },
        });
  return criteria.map((criterion): GranularityChoice => {
    if (criterion.granularity !== undefined)
      return { criterion: criterion.name, granularity: criterion.granularity, source: "fixed", reason: "fixed by the criterion" };
    const chosen = outcome?.kind === "ok" ? outcome.value.choices.find((choice) => choice.criterion === criterion.name) : undefined;
    if (chosen) return { ...chosen, source: "model" };
    const rule = ruleGranularity(criterion);
    return { ...rule, reason: `${rule.reason} (model choice unusable: ${outcome?.kind})` };
  });
}
