import assert from "node:assert/strict";
import { testConfig } from "../../fakes/test-config";
import { ConfigurationError } from "../../../src/domain";
import { resolveBotIdentity } from "../../../src/teams/bot-identity";

/** A warning here is a test failure: these settings are expected to be clean. */
const failOnWarning = (message: string): never => assert.fail(message);

const env = (values: Record<string, string>) => testConfig({ LLM_PROVIDER: "offline", ...values }).env;

describe("teams/bot-identity resolveBotIdentity", () => {
  it("runs unauthenticated without BOT_ID outside production, with a loud warning", () => {
    const warnings: string[] = [];
    const identity = resolveBotIdentity(env({}), (line) => warnings.push(line));
    assert.deepEqual(identity, { authenticated: false, appId: undefined });
    assert.match(warnings.join("\n"), /UNAUTHENTICATED/);
  });

  it("refuses to start in production without BOT_ID", () => {
    assert.throws(
      () => resolveBotIdentity(env({ NODE_ENV: "production" }), () => undefined),
      (error: unknown) => {
        assert.ok(error instanceof ConfigurationError);
        assert.match(error.message, /BOT_ID is required when NODE_ENV=production/);
        return true;
      },
    );
  });

  it("builds SingleTenant credentials and names what is missing", () => {
    const identity = resolveBotIdentity(env({ BOT_ID: "app-1", BOT_PASSWORD: "secret", BOT_TENANT_ID: "tenant-1" }), failOnWarning);
    assert.deepEqual(identity, {
      authenticated: true,
      appId: "app-1",
      credentials: {
        MicrosoftAppId: "app-1",
        MicrosoftAppPassword: "secret",
        MicrosoftAppType: "SingleTenant",
        MicrosoftAppTenantId: "tenant-1",
      },
    });
    assert.throws(
      () => resolveBotIdentity(env({ BOT_ID: "app-1", BOT_PASSWORD: "secret" }), failOnWarning),
      /BOT_TENANT_ID is required when BOT_TYPE=SingleTenant/,
    );
    assert.throws(() => resolveBotIdentity(env({ BOT_ID: "app-1", BOT_TENANT_ID: "t" }), failOnWarning), /BOT_PASSWORD is required/);
  });

  it("takes a managed identity without a password", () => {
    const identity = resolveBotIdentity(env({ BOT_ID: "msi-1", BOT_TYPE: "UserAssignedMsi", BOT_TENANT_ID: "tenant-1" }), failOnWarning);
    assert.ok(identity.authenticated);
    assert.equal(identity.credentials.MicrosoftAppType, "UserAssignedMsi");
    assert.equal(identity.credentials.MicrosoftAppPassword, "");
  });
});
