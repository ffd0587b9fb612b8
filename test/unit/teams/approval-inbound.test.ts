import assert from "node:assert/strict";
import type { Activity } from "botbuilder";
import { actorFrom, approversHereLanguage } from "../../../src/teams/approval-inbound";

describe("teams: inbound approval mapping", () => {
  it("recognises `approvers here` with any case and spacing, and nothing longer", () => {
    for (const text of ["approvers here", "  Approvers   HERE ", "approvers\u00a0here", "ａｐｐｒｏｖｅｒｓ　ｈｅｒｅ", "approvers here!"])
      assert.equal(approversHereLanguage(text), "en", text);
    for (const text of ["approvers here please", "approvers", "", undefined, "who are the approvers here?"])
      assert.equal(approversHereLanguage(text), undefined, String(text));
  });

  it("recognises the command in Japanese (「承認者はここ」, 「ここを承認チャネルに」), as Japanese", () => {
    for (const text of [
      "承認者はここ",
      " 承認者はここ。",
      "承認者はここ！",
      "ここを承認チャネルに",
      "ここを承認チャネルにする。",
      "ここを承認チャンネルに",
    ])
      assert.equal(approversHereLanguage(text), "ja", text);
    for (const text of ["承認者はここですか？", "承認者は誰？", "ここを承認", "承認チャネル"])
      assert.equal(approversHereLanguage(text), undefined, text);
  });

  it("maps the clicker to ids and name, with the tenant from the conversation or the channel data", () => {
    const activity = {
      from: { id: "29:x", aadObjectId: "aad-1", name: "Kenji" },
      conversation: { id: "c", tenantId: "t1" },
    } as unknown as Activity;
    assert.deepEqual(actorFrom(activity), { aadObjectId: "aad-1", userId: "29:x", name: "Kenji", tenantId: "t1" });
    const fromChannelData = {
      from: { id: "29:x" },
      conversation: { id: "c" },
      channelData: { tenant: { id: "t2" } },
    } as unknown as Activity;
    assert.deepEqual(actorFrom(fromChannelData), { aadObjectId: "", userId: "29:x", name: "", tenantId: "t2" });
  });
});
