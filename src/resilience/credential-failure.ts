/**
 * A failure that says no Azure credential could be had: DefaultAzureCredential tried each source
 * (environment, managed identity, Azure CLI, …) and none was there. Found anywhere in an error's
 * `cause` chain by the @azure/identity error names, so that it knows no SDK; no retry helps, only a
 * key or a sign-in.
 */
const CREDENTIAL_ERRORS = new Set(["AggregateAuthenticationError", "CredentialUnavailableError", "AuthenticationRequiredError"]);

/** How deep the cause chain is followed (store or SDK error → identity error). */
const MAX_CAUSE_DEPTH = 5;

export function isMissingCredential(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && typeof current === "object" && current !== null; depth++) {
    if (CREDENTIAL_ERRORS.has((current as { name?: unknown }).name as string)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The one line for a missing credential: what failed, which settings, and the two ways to fix it. */
export function missingCredentialMessage(what: string, keySetting: string): string {
  return `${what}: ${keySetting} is not set and DefaultAzureCredential found no Azure sign-in. Set ${keySetting}, or sign in (az login, or a managed identity with access) so DefaultAzureCredential finds a credential.`;
}
