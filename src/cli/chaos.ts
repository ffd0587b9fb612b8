// `npm run chaos`: the resilience suite's faults (bench/chaos); exits 1 if any run was lost, doubled or left unfinished.
import { botKilledAwaitingApproval } from "../../bench/chaos/approval-kill";
import { botKilledMidRun } from "../../bench/chaos/bot-kill";
import { GRAPH_FAULTS, runGraphFault, storeOutage, withFaultSimulator } from "../../bench/chaos/graph-faults";
import { primaryModelOutage } from "../../bench/chaos/model-failover";
import { benchQuestions } from "../../bench/questions";
import { phaseTable, scaleOut, scaleOutPassed, scaleOutTable } from "../../bench/chaos/scale-out";
import { parseCommand, refuse, runCommand } from "./args";
import { fairShare, fairShareTable, flood } from "../../bench/chaos/fair-share";

interface Row {
  scenario: string;
  injected: string;
  userSaw: string;
  ok?: boolean;
}

const USAGE =
  "Usage: npm run chaos [-- scale-out [QUESTIONS] | fair-share]   (the resilience suite; scale-out: three instances on one queue, 60 questions unless given; fair-share: a second person's wait behind one person's 200 questions)";

async function main(argv: string[]): Promise<number> {
  const { positionals } = parseCommand(argv, { usage: USAGE, options: {}, positionals: true });
  const [section, questions, ...rest] = positionals;
  if (section !== undefined) {
    if (section === "scale-out" && rest.length === 0 && (questions === undefined || /^[1-9]\d*$/.test(questions)))
      return scaleOutMain(Number(questions ?? 60));
    if (section === "fair-share" && questions === undefined) return fairShareMain();
    return refuse(`Unexpected argument ${positionals.join(" ")}.`, USAGE);
  }
  const rows: Row[] = [];
  const log = (line: string) => process.stderr.write(`${line}\n`);
  await withFaultSimulator(0.1, async (sim, baseUrl) => {
    for (const scenario of GRAPH_FAULTS) {
      log(`· ${scenario.scenario}…`);
      const result = await runGraphFault(sim, baseUrl, scenario);
      rows.push({ ...result, ok: result.states.every((s) => s.status !== "running") });
    }
    for (const outage of ["refused", "503"] as const) {
      log(`· primary model endpoint down (${outage}), then back…`);
      const failover = await primaryModelOutage(benchQuestions(10), outage);
      rows.push({ ...failover, userSaw: `${failover.userSaw}; p95 penalty ${failover.p95PenaltyMs} ms` });
    }
    log("· store outage (10 s)…");
    const outage = await storeOutage(sim, baseUrl);
    rows.push({ ...outage, ok: outage.states[0]?.status !== "running" && outage.storedStatuses?.[0] === outage.states[0]?.status });
    log("· one person floods 200 questions, then another asks…");
    const flooded = await flood(sim, baseUrl, "fair share", {});
    rows.push({
      scenario: "one person's flood of 200 questions",
      injected: "200 questions at once (half of 4,000 Japanese characters), then a second person's",
      userSaw: `second person answered after ${flooded.secondWaitMs === undefined ? "never" : `${(flooded.secondWaitMs / 1000).toFixed(1)} s`}; flooder: ${flooded.floodTaken} taken, ${flooded.floodRefused} refused politely`,
      ok: flooded.secondWaitMs !== undefined,
    });
    log("· bot killed mid-run…");
    const kill = await botKilledMidRun(sim, baseUrl);
    rows.push({
      scenario: "process killed mid-run",
      injected: kill.injected,
      userSaw: kill.userSaw,
      ok: kill.chats[0].finals.length === 1 && kill.chats[0].storedStatus === "answered",
    });
    log("· bot killed with an approval pending…");
    const pending = await botKilledAwaitingApproval(sim, baseUrl);
    const decidedOnce = pending.after.approval === "approved" && pending.after.outcomesShown === 1;
    rows.push({
      scenario: "process killed with an approval pending",
      injected: pending.injected,
      userSaw: pending.userSaw,
      ok: pending.finals.join() === "under_review,answer" && pending.reviewed && decidedOnce && pending.threadsPosted === 1,
    });
  });
  process.stdout.write(`${table(rows)}\n`);
  return rows.every((row) => row.ok !== false) ? 0 : 1;
}

async function fairShareMain(): Promise<number> {
  return withFaultSimulator(0.1, async (sim, baseUrl) => {
    process.stderr.write("· fair share: 200 questions from one person, then one from another, with and without fair share…\n");
    const outcomes = await fairShare(sim, baseUrl);
    process.stdout.write(`${fairShareTable(outcomes)}\n`);
    return outcomes[0].secondWaitMs === undefined ? 1 : 0;
  });
}

async function scaleOutMain(questions: number): Promise<number> {
  // Runs of a few seconds each, so the kill lands while the instance holds several.
  return withFaultSimulator(0.3, async (sim, baseUrl) => {
    process.stderr.write(`· scale-out: 3 instances, ${questions} questions…\n`);
    const result = await scaleOut(sim, baseUrl, questions, (line) => process.stderr.write(`${line}\n`));
    const passed = scaleOutPassed(result) ? "ok" : "FAIL";
    process.stdout.write(`${result.injected}\n\n${phaseTable(result)}\n\n${scaleOutTable(result)}\n${passed}\n`);
    return scaleOutPassed(result) ? 0 : 1;
  });
}

function table(rows: Row[]): string {
  const header: Row = { scenario: "scenario", injected: "injected", userSaw: "what the user saw" };
  const padded = (row: Row, column: "scenario" | "injected") =>
    row[column].padEnd(Math.max(...[header, ...rows].map((r) => r[column].length)));
  const line = (row: Row, mark: string) => `${mark.padEnd(4)} ${padded(row, "scenario")}  ${padded(row, "injected")}  ${row.userSaw}`;
  return [line(header, ""), ...rows.map((row) => line(row, row.ok === undefined ? "skip" : row.ok ? "ok" : "FAIL"))].join("\n");
}

runCommand(main, "chaos failed");
