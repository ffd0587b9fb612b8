/**
 * Failures that say an endpoint cannot be reached at all (nobody listens, no such name, no route, an untrusted certificate), found in an
 * error's `cause` chain: retrying them within seconds only makes the user wait. Knows no SDK, so retry policy and circuit breaker share it.
 */

const UNREACHABLE: Readonly<Record<string, string>> = {
  ECONNREFUSED: "connection refused: nothing is listening at that address and port",
  ENOTFOUND: "the host name does not resolve",
  EAI_AGAIN: "the host name could not be resolved (no DNS answer)",
  EHOSTUNREACH: "no route to the host",
  ENETUNREACH: "the network is unreachable",
  EPROTO: "the TLS handshake failed (https to a plain-http port?)",
  ERR_SSL_WRONG_VERSION_NUMBER: "the TLS handshake failed (https to a plain-http port?)",
  DEPTH_ZERO_SELF_SIGNED_CERT: "its TLS certificate is self-signed and not trusted",
  SELF_SIGNED_CERT_IN_CHAIN: "its TLS certificate chain is not trusted",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "its TLS certificate cannot be verified",
  CERT_HAS_EXPIRED: "its TLS certificate has expired",
  ERR_TLS_CERT_ALTNAME_INVALID: "its TLS certificate is for another host name",
};

/** How deep the cause chain is followed (SDK error → fetch error → socket or identity error). */
const MAX_CAUSE_DEPTH = 5;

function inCauses<T>(error: unknown, found: (error: { code?: unknown; name?: unknown }) => T | undefined): T | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && typeof current === "object" && current !== null; depth++) {
    const answer = found(current);
    if (answer !== undefined) return answer;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The reason `error` means the endpoint cannot be reached, or undefined for any other failure. */
export function unreachableEndpoint(error: unknown): { code: string; reason: string } | undefined {
  return inCauses(error, ({ code }) => (typeof code === "string" && code in UNREACHABLE ? { code, reason: UNREACHABLE[code] } : undefined));
}

/**
 * The @azure/identity failures that say no Azure credential could be had: DefaultAzureCredential tried each source (environment, managed
 * identity, Azure CLI, …) and none was there. No retry helps, only a key or a sign-in.
 */
const CREDENTIAL_ERRORS = new Set(["AggregateAuthenticationError", "CredentialUnavailableError", "AuthenticationRequiredError"]);

export function isMissingCredential(error: unknown): boolean {
  return inCauses(error, ({ name }) => (CREDENTIAL_ERRORS.has(name as string) ? true : undefined)) ?? false;
}

/** The one line for a missing credential: what failed, which settings, and the two ways to fix it. */
export function missingCredentialMessage(what: string, keySetting: string): string {
  return `${what}: ${keySetting} is not set and DefaultAzureCredential found no Azure sign-in. Set ${keySetting}, or sign in (az login, or a managed identity with access) so DefaultAzureCredential finds a credential.`;
}
