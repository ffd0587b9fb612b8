import assert from "node:assert/strict";
import { AggregateAuthenticationError, CredentialUnavailableError } from "@azure/identity";
import { failureReport, SystemError } from "../../../src/domain/errors";
import { describeFailure } from "../../../src/llm/openai-failure";
import { isMissingCredential } from "../../../src/resilience/connection-failure";

/** What DefaultAzureCredential throws on a machine with no Azure sign-in: every source unavailable, in one long message. */
function noSignIn(): AggregateAuthenticationError {
  return new AggregateAuthenticationError(
    [
      new CredentialUnavailableError("EnvironmentCredential is unavailable. No underlying credential could be used."),
      new CredentialUnavailableError("ManagedIdentityCredential: Network unreachable."),
      new CredentialUnavailableError("AzureCliCredential: Azure CLI could not be found."),
    ],
    "ChainedTokenCredential authentication failed.",
  );
}

describe("one actionable line for a missing Azure credential", () => {
  it("finds DefaultAzureCredential's failure anywhere in the cause chain, and nothing else", () => {
    assert.equal(isMissingCredential(noSignIn()), true);
    assert.equal(isMissingCredential(new SystemError("Cosmos create database procura failed", { cause: noSignIn() })), true);
    assert.equal(isMissingCredential(new Error("HTTP 401")), false);
    assert.equal(isMissingCredential(undefined), false);
  });

  it("Azure OpenAI with no key and no sign-in: what failed, which setting, and both fixes, in one line", () => {
    const endpoint = { provider: "azure-openai", url: "https://contoso.openai.azure.com" } as const;
    const { kind, cause } = describeFailure(noSignIn(), endpoint, { cancelled: false, timedOut: false, timeoutMs: 30_000, attempts: 1 });
    assert.equal(kind, "error");
    assert.equal(
      cause,
      "no credential for the model endpoint https://contoso.openai.azure.com: AZURE_OPENAI_API_KEY is not set and DefaultAzureCredential found no Azure sign-in. Set AZURE_OPENAI_API_KEY, or sign in (az login, or a managed identity with access) so DefaultAzureCredential finds a credential.",
    );
  });

  it("prints the detail of a failure only with PROCURA_DEBUG, and says where it is otherwise", () => {
    const failure = new SystemError("Cosmos create database procura failed", { cause: noSignIn() });
    assert.equal(failureReport(failure, false), "SystemError: Cosmos create database procura failed (PROCURA_DEBUG=1 shows the detail)");
    const detail = failureReport(failure, true).split("\n");
    assert.equal(detail[0], "SystemError: Cosmos create database procura failed");
    assert.ok(
      detail.some((line) => line.startsWith("caused by: AggregateAuthenticationError: ChainedTokenCredential authentication failed.")),
    );
  });
});
