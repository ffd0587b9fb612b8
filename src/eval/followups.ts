import { readFileSync } from "node:fs";
import { z } from "zod";
import { questionToAnswer, type RunState } from "../domain";
import { extractQuestionEntities } from "../tools/question/question-entities";
import { fiscalYearOfDate } from "../domain/fiscal-year";
import type { QuestionVocabulary } from "../tools/question/vocabulary";
import { describeZodError } from "../domain/errors";

const EntitiesSchema = z
  .object({
    suppliers: z.array(z.string()),
    contracts: z.array(z.string()),
    categories: z.array(z.string()),
    /** Fiscal years ("FY2025"); "@lastFiscalYear" / "@thisFiscalYear" are relative to the evaluation's day. */
    periods: z.array(z.string()),
    amountsJpy: z.array(z.number()),
  })
  .partial()
  .strict();
type Entities = z.infer<typeof EntitiesSchema>;

const TurnSchema = z.object({
  message: z.string().min(1),
  expect: z
    .object({
      kind: z.enum(["standalone", "rewritten", "clarify"]),
      entities: EntitiesSchema.optional(),
      absent: EntitiesSchema.optional(),
      refersToPreviousAnswer: z.boolean().optional(),
    })
    .strict()
    .optional(),
});

/** A two- or three-turn dialogue with what each follow-up must be understood as (key entities, not wording). */
const FollowUpDialogueSchema = z.object({
  id: z.string().min(1),
  language: z.enum(["en", "ja"]),
  turns: z.array(TurnSchema).min(2).max(3),
});
export type FollowUpDialogue = z.infer<typeof FollowUpDialogueSchema>;

export function readFollowUpDialogues(file: string): FollowUpDialogue[] {
  const parsed = z.array(FollowUpDialogueSchema).safeParse(JSON.parse(readFileSync(file, "utf8")));
  if (!parsed.success) throw new Error(`${file}: ${describeZodError(parsed.error)}`);
  return parsed.data;
}

export type FollowUpTurnResult = ReturnType<typeof check>;

/** Entities are read with the offline engine's extractor, the same for every provider. */
export async function runFollowUpDialogues(
  dialogues: FollowUpDialogue[],
  // Runs one message in a conversation and remembers the finished run (what the bot does per turn).
  ask: (question: string, conversationKey: string) => Promise<RunState>,
  vocabulary: QuestionVocabulary,
  today: Date,
  onTurn: (result: FollowUpTurnResult) => void = () => undefined,
) {
  let turns = 0;
  let resolved = 0;
  await vocabulary.contractIds.ready();
  for (const dialogue of dialogues) {
    for (const [index, turn] of dialogue.turns.entries()) {
      const state = await ask(turn.message, `followups-eval:${dialogue.id}`);
      if (!turn.expect) continue;
      const result = check(dialogue.id, index, turn.message, turn.expect, state, vocabulary, today);
      turns++;
      if (result.resolved) resolved++;
      onTurn(result);
    }
  }
  return { dialogues: dialogues.length, turns, resolved, rate: turns === 0 ? 0 : resolved / turns };
}

function check(
  dialogue: string,
  turn: number,
  message: string,
  expect: NonNullable<z.infer<typeof TurnSchema>["expect"]>,
  state: RunState,
  vocabulary: QuestionVocabulary,
  today: Date,
) {
  const kind = state.understanding?.kind ?? "none";
  const understoodAs =
    state.status === "needs_clarification" ? `(asked back) ${state.understanding?.clarification ?? ""}` : questionToAnswer(state);
  const problems: string[] = [];
  if (kind !== expect.kind) problems.push(`understood as ${kind}, expected ${expect.kind}`);
  // The standalone question is written in the new turn's language, never spliced from two.
  if (expect.kind !== "clarify" && writtenIn(questionToAnswer(state)) !== writtenIn(message))
    problems.push(`written in another language than the message: ${questionToAnswer(state)}`);
  if (expect.kind !== "clarify") {
    const named = entitiesNamed(questionToAnswer(state), vocabulary, today);
    const currentYear = fiscalYearOfDate(today, vocabulary.fiscalYearStartMonth);
    const expectNamed = (entities: Entities = {}, present: boolean, problem: string) => {
      for (const [key, values] of Object.entries(resolvePeriods(entities, currentYear)))
        for (const value of values as (string | number)[])
          if (named[key as keyof Entities].includes(value as never) !== present) problems.push(`${problem} ${key} ${value}`);
    };
    expectNamed(expect.entities, true, "does not name");
    expectNamed(expect.absent, false, "still names");
    const refers = state.understanding?.previousAnswer !== undefined;
    if (expect.refersToPreviousAnswer !== undefined && refers !== expect.refersToPreviousAnswer)
      problems.push(refers ? "took it to ask about the previous answer" : "did not pass the previous answer on");
  }
  return { dialogue, turn: turn + 1, message, understoodAs, kind, resolved: problems.length === 0, problems };
}

function entitiesNamed(question: string, vocabulary: QuestionVocabulary, today: Date): Required<Entities> {
  const found = extractQuestionEntities(question, vocabulary, today);
  return {
    suppliers: found.suppliers.map((supplier) => supplier.id),
    contracts: [...new Set(vocabulary.contractIds.in(question).map((named) => named.id))],
    categories: found.categories,
    periods: found.fiscalYears,
    amountsJpy: found.amounts.map((amount) => amount.jpy),
  };
}

/** "@lastFiscalYear" and "@thisFiscalYear" counted from `currentYear` ("FY2026"). */
function resolvePeriods(entities: Entities, currentYear: string): Entities {
  if (!entities.periods) return entities;
  const current = Number(currentYear.slice(2));
  const relative: Record<string, string> = { "@lastFiscalYear": `FY${current - 1}`, "@thisFiscalYear": `FY${current}` };
  return { ...entities, periods: entities.periods.map((period) => relative[period] ?? period) };
}

/** Japanese when the text has kana (the grammar of a Japanese sentence), English otherwise: names in either script do not count. */
function writtenIn(text: string): "ja" | "en" {
  return /[\u3040-\u30ff]/.test(text.replace(/[\u30a0-\u30ff・ー]{2,}/g, "")) ? "ja" : "en";
}
