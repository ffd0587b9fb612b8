/**
 * Azure OpenAI's v1 API (`https://<resource>.openai.azure.com/openai/v1/`): the standard OpenAI
 * protocol with no api-version, the deployment named in `model`. The key travels in `api-key`, an
 * Entra ID token as a bearer token fetched before each request (the provider caches it).
 */
import OpenAI from "openai";
import type { FinalRequestOptions, Headers } from "openai/core";

export type AzureV1Auth = { apiKey: string } | { token: () => Promise<string> };

export class AzureV1OpenAI extends OpenAI {
  constructor(
    endpoint: string,
    private readonly auth: AzureV1Auth,
  ) {
    // The apiKey here is never sent: authHeaders and prepareOptions below decide the headers.
    super({ baseURL: `${endpoint.replace(/\/+$/, "")}/openai/v1`, apiKey: "azure", organization: null, project: null, maxRetries: 0 });
  }

  protected override authHeaders(): Headers {
    return {};
  }

  protected override async prepareOptions(options: FinalRequestOptions): Promise<void> {
    const auth = "apiKey" in this.auth ? { "api-key": this.auth.apiKey } : { authorization: `Bearer ${await this.auth.token()}` };
    options.headers = { ...options.headers, ...auth };
    return super.prepareOptions(options);
  }
}
