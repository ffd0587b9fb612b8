import assert from "node:assert/strict";
import { authorizeApprover } from "../../../src/approvals/authorize";

const actor = (aadObjectId: string, tenantId?: string) => ({ aadObjectId, name: "Someone", ...(tenantId ? { tenantId } : {}) });
const rosterOf = (...members: string[]) => {
  const asked: string[] = [];
  const membership = async (teamId: string) => {
    asked.push(teamId);
    return members.includes(teamId);
  };
  return { membership, asked };
};

describe("authorizeApprover", () => {
  it("accepts a listed Entra object id without asking the roster", async () => {
    const roster = rosterOf();
    assert.deepEqual(await authorizeApprover({ aadIds: ["a1"], teamId: "team" }, undefined, actor("a1", "t1"), "t1", roster.membership), {
      ok: true,
      via: "aad_id",
    });
    assert.deepEqual(roster.asked, []);
  });

  it("accepts a member of the approver team", async () => {
    const roster = rosterOf("team");
    assert.deepEqual(await authorizeApprover({ aadIds: [], teamId: "team" }, undefined, actor("m1", "t1"), "t1", roster.membership), {
      ok: true,
      via: "team_member",
    });
    assert.deepEqual(roster.asked, ["team"]);
  });

  it("asks the roster of the approver channel's team before the configured one", async () => {
    const roster = rosterOf("chosen");
    const result = await authorizeApprover(
      { aadIds: [], teamId: "configured" },
      { teamId: "chosen" },
      actor("m1", "t1"),
      "t1",
      roster.membership,
    );
    assert.deepEqual(result, { ok: true, via: "team_member" });
    assert.deepEqual(roster.asked, ["chosen"]);
  });

  it("refuses everyone else, naming why", async () => {
    const outsider = await authorizeApprover({ aadIds: ["a1"], teamId: "team" }, undefined, actor("x", "t1"), "t1", rosterOf().membership);
    assert.deepEqual(outsider, { ok: false, why: "not in APPROVER_AAD_IDS and not a member of the approver team" });
    const noTeam = await authorizeApprover({ aadIds: ["a1"] }, undefined, actor("x", "t1"), "t1", rosterOf().membership);
    assert.equal(noTeam.ok, false);
    assert.match(noTeam.ok ? "" : noTeam.why, /no approver team/);
  });

  it("refuses a listed approver from another tenant, or with no tenant when the request has one", async () => {
    for (const tenant of ["t2", undefined]) {
      const result = await authorizeApprover({ aadIds: ["a1"] }, undefined, actor("a1", tenant), "t1", rosterOf().membership);
      assert.equal(result.ok, false);
      assert.match(result.ok ? "" : result.why, /is not the tenant t1/);
    }
  });

  it("compares tenants even when the expected one is not known: only an actor without a tenant matches", async () => {
    const foreign = await authorizeApprover({ aadIds: ["a1"] }, undefined, actor("a1", "t2"), undefined, rosterOf().membership);
    assert.deepEqual(foreign, { ok: false, why: "tenant t2 is not the tenant (none: set APPROVER_TENANT_ID)" });
    assert.equal((await authorizeApprover({ aadIds: ["a1"] }, undefined, actor("a1"), undefined, rosterOf().membership)).ok, true);
  });

  it("refuses an action without an Entra object id, and fails closed when the roster lookup throws", async () => {
    assert.equal((await authorizeApprover({ aadIds: [""] }, undefined, actor(""), undefined, rosterOf().membership)).ok, false);
    const broken = async () => {
      throw new Error("roster down");
    };
    assert.equal((await authorizeApprover({ aadIds: [], teamId: "team" }, undefined, actor("m1"), undefined, broken)).ok, false);
  });
});
