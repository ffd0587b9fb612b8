/** The bench report as a plain-text table. */
import { variantName, type BenchReport, type ThroughputComparison } from "./run-bench";

const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : "n/a");
const ratio = (value: number) => (Number.isFinite(value) ? value.toFixed(3) : "n/a");
const pair = (figures: { p50: number; p95: number }, format: (value: number) => string) =>
  `${format(figures.p50)} / ${format(figures.p95)}`;

/** Renders the figures, one table per scenario, then the targets. */
export function formatReport(report: BenchReport): string {
  const { options, speculative, concurrent } = report;
  const concurrentScale = `models at ×${options.concurrentTimeScale}`;
  const rows: [string, string][] = [];
  for (const s of report.sequential) {
    const name = `(a) ${variantName(s)}, speculative ${s.speculativeSpecialists ? "on" : "off"}`;
    rows.push(
      [
        `${name}: runs`,
        `${s.runs} (${Object.entries(s.statuses)
          .map(([k, v]) => `${v} ${k}`)
          .join(", ")})`,
      ],
      [`${name}: wall ÷ critical path p50/p95 (full scale)`, pair(s.ratio, ratio)],
      [`${name}: wall ÷ critical path p50/p95 (measured at ×${options.timeScale})`, pair(s.measuredRatio, ratio)],
      [`${name}: our overhead per run p50/p95`, pair(s.overheadMs, ms)],
      [`${name}: wall time p50/p95 (full scale)`, pair(s.wallMs, ms)],
      [`${name}: store operations per run`, s.storeOpsPerRun.toFixed(1)],
    );
  }
  rows.push(
    ["speculative specialists: runs where the Router cancelled a guessed one", `${speculative.guessMissed} / ${speculative.runs}`],
    [
      "speculative specialists: p50 wall, off → on (full scale)",
      `${ms(speculative.wallP50Ms.off)} → ${ms(speculative.wallP50Ms.on)} (${speculative.wallP50Ms.gainPercent.toFixed(1)} % faster)`,
    ],
    ["speculative specialists: extra tokens per run (cancelled calls)", speculative.extraTokensPerRun.toFixed(0)],
    [
      `(b) bot`,
      concurrent.bot === "child-process"
        ? "a child process of its own (driver and connector in the bench process)"
        : "in the bench process, beside the driver and the connector",
    ],
    [
      `(b) ${concurrent.conversations} concurrent: HTTP statuses`,
      Object.entries(concurrent.statuses)
        .map(([k, v]) => `${v}× ${k}`)
        .join(", "),
    ],
    [`(b) first reaction (typing) p50/p95 (${concurrentScale})`, pair(concurrent.firstReaction, ms)],
    [`(b) longest event-loop stall of the driver and connector`, ms(concurrent.driverMaxStallMs)],
    [`(b) progress card p50/p95 (${concurrentScale})`, pair(concurrent.progressCard, ms)],
    [`(b) final reply p50/p95 (${concurrentScale})`, pair(concurrent.answer, ms)],
    [
      `(b) final replies`,
      Object.entries(concurrent.finals)
        .map(([k, v]) => `${v} ${k}`)
        .join(", "),
    ],
    [`(b) lost / doubled replies`, `${concurrent.lost} / ${concurrent.doubled}`],
    [`(b) peak RSS`, `${concurrent.peakRssMb.toFixed(0)} MB (${concurrent.peakRssOf})`],
    [`(b) store operations per run`, concurrent.storeOpsPerRun.toFixed(1)],
  );
  const lines = aligned(rows);
  const checks = report.targets.map(
    (t) => `${t.met ? "MET   " : "MISSED"}  ${t.name}: ${Number.isInteger(t.value) ? t.value : t.value.toFixed(3)} (target ${t.target})`,
  );
  return [
    `Procura bench — models at ×${options.timeScale} in (a), ×${options.concurrentTimeScale} in (b), ×${options.throughput.timeScale} in (c), seed ${options.seed}, ${report.environment.node}`,
    "",
    ...lines,
    "",
    formatThroughput(report.throughput),
    "",
    "Targets:",
    ...checks,
  ].join("\n");
}

/** Scenario (c) as a table: one row per instance count, then the ratio. */
export function formatThroughput(throughput: ThroughputComparison): string {
  const header = ["(c) instances", "runs each", "questions", "answered", "lost", "doubled", "first post → last answer", "answers / min"];
  const row = (f: ThroughputComparison["one"]) => [
    String(f.instances),
    String(f.concurrency),
    String(f.questions),
    String(f.answered),
    String(f.lost),
    String(f.doubled),
    ms(f.makespanMs),
    f.answersPerMinute.toFixed(1),
  ];
  const table = [header, row(throughput.one), row(throughput.two)];
  const widths = header.map((_, i) => Math.max(...table.map((r) => r[i].length)));
  return [
    ...table.map((r) => r.map((cell, i) => cell.padEnd(widths[i])).join("  ")),
    `(c) throughput two instances ÷ one: ${throughput.ratio.toFixed(2)}×`,
  ].join("\n");
}

function aligned(rows: [string, string][]): string[] {
  const width = Math.max(...rows.map(([name]) => name.length));
  return rows.map(([name, value]) => `${name.padEnd(width)}  ${value}`);
}
