import assert from "node:assert/strict";
import { describeError, redactUrl, redactUrlsIn } from "../../../src/domain";

describe("domain/errors", () => {
  it("drops the userinfo, the query and the fragment of a URL", () => {
    assert.equal(redactUrl("http://user:pw@gateway.example:8080/v1?api-key=k#top"), "http://gateway.example:8080/v1");
    assert.equal(redactUrl("https://sk-only-a-user@host.example"), "https://host.example");
    assert.equal(redactUrl("https://acct.queue.core.windows.net/?sv=2024&sig=abc"), "https://acct.queue.core.windows.net/");
    assert.equal(redactUrl("https://host.example?sig=abc"), "https://host.example");
  });

  it("returns a URL without any of them exactly as written", () => {
    for (const url of ["https://contoso.openai.azure.com", "http://127.0.0.1:11434/v1/", "https://openrouter.ai/api/v1"])
      assert.equal(redactUrl(url), url);
  });

  it("still strips what it can from a value that does not parse as a URL", () => {
    assert.equal(redactUrl("http://user:pw@[bad/v1?key=k"), "http://[bad/v1");
  });

  it("redacts every URL inside a text, a comma-separated list included, keeping the sentence around it", () => {
    assert.equal(
      redactUrlsIn("request to http://u:p@a.example/v1/chat/completions?api-key=k failed, reason: connect ECONNREFUSED."),
      "request to http://a.example/v1/chat/completions failed, reason: connect ECONNREFUSED.",
    );
    assert.equal(redactUrlsIn("http://a.example/v1,https://u:p@b.example/v1?k=1"), "http://a.example/v1,https://b.example/v1");
    assert.equal(redactUrlsIn("(see https://x.example/?token=t)."), "(see https://x.example/).");
  });

  it("describeError shows errors with their URLs redacted", () => {
    const error = new Error("request to https://user:s3cret@h.example/v1?api-key=k failed");
    assert.equal(describeError(error), "Error: request to https://h.example/v1 failed");
  });
});
