import assert from "node:assert/strict";
import { testConfig } from "../../fakes/test-config";
import { ConfigurationError } from "../../../src/domain";
import { isLoopbackHost, resolveListenHost, type BotIdentity } from "../../../src/teams/bot-identity";

/** A warning here is a test failure: these settings are expected to be clean. */
const failOnWarning = (message: string): never => assert.fail(message);

const env = (values: Record<string, string> = {}) => testConfig({ LLM_PROVIDER: "offline", ...values }).env;
const unauthenticated: BotIdentity = { authenticated: false, appId: undefined };
const authenticated: BotIdentity = {
  authenticated: true,
  appId: "app-1",
  credentials: { MicrosoftAppId: "app-1", MicrosoftAppPassword: "s", MicrosoftAppType: "SingleTenant", MicrosoftAppTenantId: "t" },
};

describe("teams/listen-address", () => {
  it("knows loopback addresses", () => {
    for (const host of ["127.0.0.1", "127.1.2.3", "::1", "[::1]", "localhost", "LOCALHOST", "::ffff:127.0.0.1"])
      assert.ok(isLoopbackHost(host), host);
    for (const host of ["0.0.0.0", "::", "192.168.1.10", "10.0.0.1", "::ffff:10.0.0.1", "example.com", "128.0.0.1"])
      assert.ok(!isLoopbackHost(host), host);
  });

  it("without BOT_ID listens on 127.0.0.1 by default; with it, on every interface", () => {
    assert.equal(resolveListenHost(env(), unauthenticated, undefined, failOnWarning), "127.0.0.1");
    assert.equal(resolveListenHost(env(), authenticated, undefined, failOnWarning), "0.0.0.0");
    assert.equal(resolveListenHost(env(), unauthenticated, "::1", failOnWarning), "::1");
    assert.equal(resolveListenHost(env(), authenticated, "10.0.0.5", failOnWarning), "10.0.0.5");
  });

  it("refuses a non-loopback HOST without authentication, naming the way out", () => {
    for (const host of ["0.0.0.0", "192.168.1.10", "::"])
      assert.throws(
        () => resolveListenHost(env({ HOST: host }), unauthenticated, host, failOnWarning),
        (error: unknown) => {
          assert.ok(error instanceof ConfigurationError);
          assert.match(error.message, new RegExp(`HOST=${host.replace(/\./g, "\\.")} is not a loopback address and BOT_ID is not set`));
          assert.match(error.message, /ALLOW_UNAUTHENTICATED=true/);
          return true;
        },
      );
  });

  it("ALLOW_UNAUTHENTICATED=true allows it, with a warning at every start", () => {
    const warnings: string[] = [];
    for (let start = 0; start < 2; start++)
      assert.equal(
        resolveListenHost(env({ ALLOW_UNAUTHENTICATED: "true" }), unauthenticated, "0.0.0.0", (line) => warnings.push(line)),
        "0.0.0.0",
      );
    assert.equal(warnings.length, 2);
    assert.match(warnings[0], /WITHOUT authentication/);
  });
});
