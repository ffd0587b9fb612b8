import assert from "node:assert/strict";
import { redactError, redactProperties, scrubText } from "../../../src/telemetry/redaction";

describe("telemetry redaction", () => {
  describe("scrubText", () => {
    const cases: [string, string, string][] = [
      ["e-mail", "ask taro.yamada@contoso.co.jp now", "ask [email] now"],
      ["URL-encoded e-mail", "/probe?user=taro.yamada%40contoso.co.jp", "/probe?user=[email]"],
      ["international phone", "call +81 3-1234-5678 today", "call [phone] today"],
      ["Japanese phone", "電話 03-1234-5678 まで", "電話 [phone] まで"],
      ["Japanese mobile", "携帯 09012345678", "携帯 [phone]"],
      ["US phone", "ring (425) 555-0100 or 425-555-0100", "ring [phone] or [phone]"],
      [
        "Cosmos connection string",
        "AccountEndpoint=https://x.documents.azure.com:443/;AccountKey=abc123XYZ==;",
        "AccountEndpoint=https://x.documents.azure.com:443/;AccountKey=[secret];",
      ],
      [
        "App Insights string",
        "InstrumentationKey=1c2d3e4f-aaaa-bbbb-cccc-1234567890ab;IngestionEndpoint=https://a/",
        "InstrumentationKey=[secret];IngestionEndpoint=https://a/",
      ],
      ["bearer token", "Authorization: Bearer abc.def-ghi", "Authorization: Bearer [token]"],
      ["JWT", "token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig_part", "token [token]"],
      ["OpenAI key", "key sk-proj-ABCDEFGHIJKLMNOPQRSTUV", "key [secret]"],
      ["Azure OpenAI key (32 hex)", "api 0123456789abcdef0123456789ABCDEF", "api [secret]"],
      ["base64 key", "k=Zm9vYmFyYmF6cXV4Q29zbW9zS2V5MTIzNDU2Nzg5MEFCQ0RFRg==", "k=[secret]"],
      ["query string of a URL", "https://s.blob.core.windows.net/c?sv=2022&sig=AbC%2Fdef", "https://s.blob.core.windows.net/c"],
      ["password in a URL", "endpoint http://operator:pw-1@127.0.0.1:9/v1 open", "endpoint http://127.0.0.1:9/v1 open"],
      ["query string outside a URL", "/probe?sv=2022&sig=AbC%2Fdef", "/probe?sv=2022&sig=[secret]"],
    ];
    for (const [label, input, expected] of cases) it(`replaces: ${label}`, () => assert.equal(scrubText(input), expected));

    it("keeps ids, dates, durations and paths that only look numeric", () => {
      const safe = [
        "3f2a9c10-1234-4abc-9def-0123456789ab",
        "2026-04-01T09:30:00.000Z",
        "CTR-0012",
        "TXN-000001",
        "gpt-4o-mini",
        "POL-APPROVAL-MATRIX §3.2",
        "/work/main/src/telemetry/azureMonitorTelemetry/records/writer.ts",
        "1234567",
      ];
      for (const text of safe) assert.equal(scrubText(text), text);
    });
  });

  describe("redactProperties", () => {
    it("drops names that are not on the allow-list, whatever they hold", () => {
      const out = redactProperties({
        runId: "run-1",
        question: "Can we renew the Acme SaaS contract at +8%?",
        text: "hello",
        userName: "Taro Yamada",
        email: "taro@contoso.com",
        comment: "great",
        approverName: "Hanako",
      });
      assert.deepEqual(out, { runId: "run-1" });
    });

    it("sends a model endpoint without the password or key written into its URL", () => {
      const out = redactProperties({
        change: "failover",
        endpoint: "https://operator:pw-1@gateway.example/v1?api-key=k-1",
        toEndpoint: "http://127.0.0.1:9/v1",
      });
      assert.deepEqual(out, { change: "failover", endpoint: "https://gateway.example/v1", toEndpoint: "http://127.0.0.1:9/v1" });
    });

    it("replaces free text in an allowed property, scrubs patterns, keeps numbers and flags", () => {
      const out = redactProperties({
        executor: "Taro Yamada",
        model: "gpt-4o",
        correlationId: "someone@contoso.com",
        durationMs: 1234,
        fallback: false,
        qscoreInitial: null,
        qscoreFinal: undefined,
        inputTokens: Number.NaN,
      });
      assert.deepEqual(out, { executor: "[text]", model: "gpt-4o", correlationId: "[email]", durationMs: 1234, fallback: false });
    });

    it("bounds the length of a value", () => {
      const out = redactProperties({ runId: "r".repeat(1000) });
      assert.equal(String(out.runId).length, 200);
    });
  });

  describe("redactError", () => {
    it("keeps the type and stack frames, scrubs the message and drops message lines from the stack", () => {
      const error = new TypeError("lookup failed for taro@contoso.com with AccountKey=abcdef;\nsecond line of user text");
      const safe = redactError(error);
      assert.equal(safe.type, "TypeError");
      assert.match(safe.message, /^lookup failed for \[email\] with AccountKey=\[secret\];/);
      assert.doesNotMatch(safe.stack, /contoso|abcdef/);
      assert.match(safe.stack, /^TypeError: lookup failed/);
      assert.match(safe.stack, /\n\s+at /);
      assert.equal(safe.stack.split("\n").filter((line) => line.includes("second line")).length, 1, "only inside the scrubbed message");
    });

    it("describes a thrown non-error", () => {
      assert.deepEqual(redactError("boom"), { type: "string", message: "boom", stack: "string: boom" });
    });
  });
});
