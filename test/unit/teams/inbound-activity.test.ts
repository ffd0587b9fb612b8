import assert from "node:assert/strict";
import { isRecord } from "../../../src/cards";
import { checkInboundActivity, isJsonRequest } from "../../../src/teams/inbound-activity";
import { teamsMessage } from "../../fakes/teams-activity";

const message = (serviceUrl: string) => teamsMessage({ serviceUrl, conversationId: "c-1", text: "hi", userId: "u-1", userName: "U" });
const JSON_TYPE = "application/json; charset=utf-8";

describe("teams/inbound-activity checkInboundActivity", () => {
  it("accepts a Teams message over http(s) outside production", () => {
    for (const url of ["http://127.0.0.1:3978/_connector", "https://smba.trafficmanager.net/amer/"])
      assert.ok(checkInboundActivity(message(url), { httpsOnly: false }).ok, url);
  });

  it("in production (httpsOnly) refuses a plain-http serviceUrl, with the reason", () => {
    const checked = checkInboundActivity(message("http://attacker.example/"), { httpsOnly: true });
    assert.deepEqual(checked, { ok: false, message: "Not a Bot Framework activity: serviceUrl: must be an https URL" });
    assert.ok(checkInboundActivity(message("https://smba.trafficmanager.net/amer/"), { httpsOnly: true }).ok);
  });

  it("names every problem at once", () => {
    const checked = checkInboundActivity({ ...message("ftp://x/"), from: undefined, text: 7 }, { httpsOnly: false });
    assert.ok(!checked.ok);
    assert.equal(
      checked.message,
      "Not a Bot Framework activity: serviceUrl: must be an http(s) URL; from: Required; text: Expected string, received number",
    );
  });

  it("refuses wrongly typed optional fields, naming each, and accepts them absent or null", () => {
    const checked = checkInboundActivity(
      { ...message("https://x/"), locale: { lang: "en" }, entities: [{}], channelData: [], from: { id: "u-1", aadObjectId: 7 } },
      { httpsOnly: false },
    );
    assert.deepEqual(checked, {
      ok: false,
      message:
        "Not a Bot Framework activity: from.aadObjectId: Expected string, received number; locale: Expected string, received object; " +
        "channelData: Expected object, received array; entities.0.type: Required",
    });
    assert.ok(checkInboundActivity({ ...message("https://x/"), locale: null, entities: undefined }, { httpsOnly: false }).ok);
  });

  it("takes JSON content types only, and only objects as activities", () => {
    assert.ok(isJsonRequest(JSON_TYPE) && isJsonRequest("application/vnd.bot+json"));
    assert.ok(!isJsonRequest("text/plain") && !isJsonRequest(undefined));
    assert.ok(isRecord(message("https://x/")));
    assert.ok(!isRecord("hi") && !isRecord(null) && !isRecord([message("https://x/")]));
  });
});
