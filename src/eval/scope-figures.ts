type ScopeCase = ReturnType<typeof readScopeCases>[number];

export type ScopeFigures = Awaited<ReturnType<typeof measureScope>>;

/** One case at a time: a model's rate limit is shared. The rates are shares, 0..1: procurement questions refused, off-topic ones caught. */
export async function measureScope(cases: readonly ScopeCase[], decide: (question: string) => Promise<boolean> | boolean) {
  const mistakes: ScopeCase[] = [];
  for (const item of cases) if ((await decide(item.question)) !== item.inScope) mistakes.push(item);
  const procurement = cases.filter((c) => c.inScope).length;
  const offTopic = cases.length - procurement;
  const falseRefusals = mistakes.filter((m) => m.inScope).length;
  const missed = mistakes.length - falseRefusals;
  return {
    procurementQuestions: procurement,
    falseRefusals,
    falseRefusalRate: procurement === 0 ? 0 : falseRefusals / procurement,
    offTopicQuestions: offTopic,
    caught: offTopic - missed,
    outOfScopeRecall: offTopic === 0 ? 1 : (offTopic - missed) / offTopic,
    mistakes,
  };
}

export function scopeTable(rows: { engine: string; figures: ScopeFigures }[]): string {
  const pct = (value: number) => `${(value * 100).toFixed(1)} %`;
  const header = ["engine", "procurement qs", "false refusals", "false-refusal rate", "off-topic qs", "caught", "out-of-scope recall"];
  const body = rows.map(({ engine, figures: f }) => [
    engine,
    String(f.procurementQuestions),
    String(f.falseRefusals),
    pct(f.falseRefusalRate),
    String(f.offTopicQuestions),
    String(f.caught),
    pct(f.outOfScopeRecall),
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...body.map((row) => row[i].length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i])).join(" | ")} |`;
  return [line(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...body.map(line)].join("\n");
}

/** The labelled set shipped in test/fixtures/scope. */
export function readScopeCases(inScope: string[], offTopic: string[]) {
  return [...inScope.map((question) => ({ question, inScope: true })), ...offTopic.map((question) => ({ question, inScope: false }))];
}
