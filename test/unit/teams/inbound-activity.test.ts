import assert from "node:assert/strict";
import { checkInboundActivity } from "../../../src/teams/inbound-activity";
import { teamsMessage } from "../../fakes/teams-activity";

const message = (serviceUrl: string) => teamsMessage({ serviceUrl, conversationId: "c-1", text: "hi", userId: "u-1", userName: "U" });
const JSON_TYPE = "application/json; charset=utf-8";

describe("teams/inbound-activity checkInboundActivity", () => {
  it("accepts a Teams message over http(s) outside production", () => {
    for (const url of ["http://127.0.0.1:3978/_connector", "https://smba.trafficmanager.net/amer/"]) assert.ok(checkInboundActivity(JSON_TYPE, message(url), { httpsOnly: false }).ok, url);
  });

  it("in production (httpsOnly) refuses a plain-http serviceUrl, with the reason", () => {
    const checked = checkInboundActivity(JSON_TYPE, message("http://attacker.example/"), { httpsOnly: true });
    assert.deepEqual(checked, { ok: false, status: 400, message: "Not a Bot Framework activity: serviceUrl: must be an https URL" });
    assert.ok(checkInboundActivity(JSON_TYPE, message("https://smba.trafficmanager.net/amer/"), { httpsOnly: true }).ok);
  });

  it("names every problem at once", () => {
    const checked = checkInboundActivity(JSON_TYPE, { ...message("ftp://x/"), from: undefined, text: 7 }, { httpsOnly: false });
    assert.ok(!checked.ok);
    assert.equal(checked.message, "Not a Bot Framework activity: serviceUrl: must be an http(s) URL; from: Required; text: Expected string, received number");
  });

  it("refuses what is not JSON with 415", () => {
    const checked = checkInboundActivity("text/plain", "hi", { httpsOnly: false });
    assert.ok(!checked.ok && checked.status === 415);
  });
});
