import assert from "node:assert/strict";
import type { Activity } from "botbuilder";
import { actorFrom, isApproversHere } from "../../../src/approvals/teams-inbound";

describe("approvals: inbound Teams mapping", () => {
  it("recognises `approvers here` with any case and spacing, and nothing longer", () => {
    for (const text of ["approvers here", "  Approvers   HERE ", "approvers\u00a0here"]) assert.equal(isApproversHere(text), true, text);
    for (const text of ["approvers here please", "approvers", "", undefined, "who are the approvers here?"]) assert.equal(isApproversHere(text), false, String(text));
  });

  it("maps the clicker to ids and name, with the tenant from the conversation or the channel data", () => {
    const activity = { from: { id: "29:x", aadObjectId: "aad-1", name: "Kenji" }, conversation: { id: "c", tenantId: "t1" } } as unknown as Activity;
    assert.deepEqual(actorFrom(activity), { aadObjectId: "aad-1", name: "Kenji", tenantId: "t1" });
    const fromChannelData = { from: { id: "29:x" }, conversation: { id: "c" }, channelData: { tenant: { id: "t2" } } } as unknown as Activity;
    assert.deepEqual(actorFrom(fromChannelData), { aadObjectId: "", name: "", tenantId: "t2" });
  });
});
