import assert from "node:assert/strict";
import { cosmosId } from "../../../src/storage/documents";

describe("cosmosId", () => {
  it("leaves ordinary Teams ids alone", () => {
    assert.equal(cosmosId("19:abc@thread.tacv2;messageid=1732"), "19:abc@thread.tacv2;messageid=1732");
  });

  it("escapes the characters Cosmos forbids in ids, and the escape character itself", () => {
    assert.equal(cosmosId("msteams/bot/conversations/a?b#c\\d*e"), "msteams*2fbot*2fconversations*2fa*3fb*23c*5cd*2ae");
    assert.notEqual(cosmosId("a*2fb"), cosmosId("a/b"));
  });

  it("shortens long keys to 255 characters and keeps distinct keys distinct", () => {
    const long = "x".repeat(300);
    const id = cosmosId(long);
    assert.equal(id.length, 255);
    assert.notEqual(cosmosId(`${long}1`), cosmosId(`${long}2`));
    assert.equal(cosmosId(long), id);
  });
});
