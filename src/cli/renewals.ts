// "Today" is the system clock's UTC date, as the contract tools count it. Exit codes: 0 listed, 1 failed, 2 usage.
import { loadConfig } from "../config";
import { dataSetBanner, openToolData } from "../composition/procurement-data";
import { stringsFor, systemClock, type RenewalDue } from "../domain";
import { renewalsDue } from "../tools";
import { figureOrDash, formatMoney } from "../tools/format";
import { toIsoDate } from "../tools/iso-date";
import { parseCommand, refuse, runCommand } from "./args";

const USAGE = `Usage: npm run renewals [-- --within DAYS] [--json]
  Lists the auto-renewing contracts whose notice deadline (end date minus notice days) falls within
  the next DAYS days (default RENEWAL_ALERT_DAYS, 60), soonest first. Posts nothing.
  --within DAYS  the window in whole days, 0 to 3660 (0: deadlines today only)
  --json         one JSON array of rows instead of the table`;

const MAX_WITHIN_DAYS = 3660;

async function main(argv: string[]): Promise<number> {
  const { within, json } = parseCommand(argv, {
    usage: USAGE,
    options: { within: { type: "string" }, json: { type: "boolean", default: false } },
  }).values;
  if (within !== undefined && !(/^\d+$/.test(within.trim()) && Number(within) <= MAX_WITHIN_DAYS))
    return refuse(`--within must be a whole number of days from 0 to ${MAX_WITHIN_DAYS}, got ${JSON.stringify(within)}.`, USAGE);
  const config = loadConfig();
  const withinDays = within === undefined ? config.env.RENEWAL_ALERT_DAYS : Number(within);
  const { data, close } = await openToolData(config, (line) => process.stderr.write(`${line}\n`));
  try {
    const today = toIsoDate(systemClock.now());
    process.stderr.write(`${dataSetBanner(await data.describe())}\nToday: ${today} (UTC); window: ${withinDays} days.\n`);
    const rows = await renewalsDue(data, today, withinDays);
    process.stdout.write(json ? `${JSON.stringify(rows, null, 2)}\n` : `${renewalTable(rows, withinDays)}\n`);
    return 0;
  } finally {
    await close();
  }
}

function renewalTable(rows: RenewalDue[], withinDays: number): string {
  const labels = stringsFor("en").renewals;
  if (rows.length === 0) return labels.noneDue(withinDays);
  const { noticeDeadline, daysLeft, contract, supplier, annualValue, endDate, priceCap } = labels;
  const header = [noticeDeadline, daysLeft, contract, supplier, annualValue, endDate, priceCap];
  const cells = rows.map((row) => [
    row.noticeDeadline,
    String(row.daysLeft),
    `${row.contractId} ${row.title}`,
    row.supplierName,
    formatMoney(row.annualValue, row.currency),
    row.endDate,
    figureOrDash(row.priceCapPct, "%"),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((cell) => cell[column].length)));
  const line = (cell: string[]) =>
    cell
      .map((text, column) => text.padEnd(widths[column]))
      .join("  ")
      .trimEnd();
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...cells.map(line)].join("\n");
}

runCommand(main, "Listing renewals failed");
