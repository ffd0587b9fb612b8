import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { generateSampleDataSet } from "../../../src/tools";

const ROOT = path.resolve(__dirname, "../../..");

interface Listed {
  contractId: string;
  noticeDeadline: string;
  daysLeft: number;
  supplierName: string;
  annualValue: number;
  endDate: string;
  priceCapPct: number | null;
}

/** `npm run renewals` with the given arguments, on the data set in `dataDir` (the sample when it holds none). */
function renewals(
  args: string[],
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) =>
    execFile(
      process.execPath,
      ["--import", "tsx", "src/cli/renewals.ts", ...args],
      { cwd: ROOT, env: { PATH: process.env.PATH, PROCURA_DATA_DIR: dataDir, ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    ),
  );
}

// The test's own calendar: whole UTC days since the epoch, so nothing here shares code with the command.
const dayNumber = (iso: string) => Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10)) / 86_400_000;
const isoOf = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);
const todayNumber = () => Math.floor(Date.now() / 86_400_000);

/** The rows the command must list, worked out here from raw contract terms. */
function expectedRows(
  contracts: { id: string; autoRenew: boolean; endDate: string; noticeDays: number }[],
  within: number,
): { contractId: string; noticeDeadline: string; daysLeft: number }[] {
  const today = todayNumber();
  return contracts
    .filter((contract) => contract.autoRenew)
    .map((contract) => {
      const deadline = dayNumber(contract.endDate) - contract.noticeDays;
      return { contractId: contract.id, noticeDeadline: isoOf(deadline), daysLeft: deadline - today };
    })
    .filter((row) => row.daysLeft >= 0 && row.daysLeft <= within)
    .sort((a, b) => a.daysLeft - b.daysLeft || a.contractId.localeCompare(b.contractId));
}

const emptyDataDir = () => mkdtempSync(path.join(os.tmpdir(), "procura-renewals-"));

describe("npm run renewals", function () {
  this.timeout(120_000);

  it("lists the sample data's auto-renewing contracts whose notice deadline is within the window, soonest first", async () => {
    const within = 400;
    const { code, stdout, stderr } = await renewals(["--within", String(within), "--json"], emptyDataDir());
    assert.equal(code, 0, stderr);
    const listed = JSON.parse(stdout) as Listed[];
    const expected = expectedRows(generateSampleDataSet().contracts, within);
    assert.ok(expected.length >= 3, "the sample data has renewals due within a year");
    assert.deepEqual(
      listed.map(({ contractId, noticeDeadline, daysLeft }) => ({ contractId, noticeDeadline, daysLeft })),
      expected,
    );
    const acme = listed.find((row) => row.contractId === "CTR-0001");
    if (acme)
      assert.deepEqual(
        [acme.supplierName, acme.annualValue, acme.endDate, acme.priceCapPct],
        ["Acme Cloud Software", 320_000, "2027-01-31", 5],
      );
  });

  it("takes the window from RENEWAL_ALERT_DAYS and prints a table with every column", async () => {
    const { code, stdout, stderr } = await renewals([], emptyDataDir(), { RENEWAL_ALERT_DAYS: "400" });
    assert.equal(code, 0, stderr);
    assert.match(stderr, /window: 400 days/);
    const expected = expectedRows(generateSampleDataSet().contracts, 400);
    const lines = stdout.trimEnd().split("\n");
    assert.match(lines[0], /^Notice by\s+Days left\s+Contract\s+Supplier\s+Annual value\s+Ends\s+Price cap$/);
    assert.deepEqual(
      lines.slice(2).map((line) => line.split(/\s+/).slice(0, 3)),
      expected.map((row) => [row.noticeDeadline, String(row.daysLeft), row.contractId]),
    );
  });

  it("reads an imported data set, counting the window's edges in and the day after it out", async () => {
    const source = mkdtempSync(path.join(os.tmpdir(), "procura-renewals-import-"));
    const today = todayNumber();
    // Contract end dates such that the notice deadline (end − 30 days) lands on the named day.
    const endFor = (deadlineOffset: number) => isoOf(today + deadlineOffset + 30);
    const contracts = [
      { id: "K-TODAY", autoRenew: true, endDate: endFor(0), noticeDays: 30 },
      { id: "K-EDGE", autoRenew: true, endDate: endFor(10), noticeDays: 30 },
      { id: "K-AFTER", autoRenew: true, endDate: endFor(11), noticeDays: 30 },
      { id: "K-PASSED", autoRenew: true, endDate: endFor(-1), noticeDays: 30 },
      { id: "K-MANUAL", autoRenew: false, endDate: endFor(5), noticeDays: 30 },
    ];
    writeFileSync(path.join(source, "suppliers.csv"), "id,name,category\nS-1,Kita Logistics K.K.,logistics\n");
    writeFileSync(
      path.join(source, "contracts.csv"),
      [
        "id,supplierId,title,annualValue,currency,startDate,endDate,autoRenew,noticeDays,priceCapPct",
        ...contracts.map(
          (c) => `${c.id},S-1,Freight ${c.id},1200000,JPY,2020-01-01,${c.endDate},${c.autoRenew ? "Y" : "N"},${c.noticeDays},2`,
        ),
      ].join("\n"),
    );
    const dataDir = path.join(emptyDataDir(), "data");
    mkdirSync(dataDir);
    const imported = await new Promise<string>((resolve) =>
      execFile(
        process.execPath,
        ["--import", "tsx", "src/cli/import.ts", source],
        { cwd: ROOT, env: { PATH: process.env.PATH, PROCURA_DATA_DIR: dataDir } },
        (error, _stdout, stderr) => resolve(error ? stderr : ""),
      ),
    );
    assert.equal(imported, "");
    const { code, stdout, stderr } = await renewals(["--within", "10", "--json"], dataDir);
    assert.equal(code, 0, stderr);
    assert.match(stderr, /imported data set/);
    const listed = JSON.parse(stdout) as Listed[];
    assert.deepEqual(
      listed.map(({ contractId, noticeDeadline, daysLeft }) => ({ contractId, noticeDeadline, daysLeft })),
      expectedRows(contracts, 10),
    );
    assert.deepEqual(
      listed.map((row) => row.contractId),
      ["K-TODAY", "K-EDGE"],
    );
    assert.deepEqual([listed[0].supplierName, listed[0].annualValue, listed[0].priceCapPct], ["Kita Logistics K.K.", 1_200_000, 2]);
  });

  it("refuses a window that is not a whole number of days with a clear message and the usage", async () => {
    for (const bad of ["abc", "-5", "2.5", "99999"]) {
      const { code, stdout, stderr } = await renewals([`--within=${bad}`], emptyDataDir());
      assert.equal(code, 2, bad);
      assert.equal(stdout, "");
      assert.match(stderr, /\nUsage: npm run renewals /);
      assert.match(stderr, new RegExp(`^--within must be a whole number of days from 0 to 3660, got "${bad.replace(".", "\\.")}"\\.`));
    }
  });
});
