import type { AppConfig } from "../config";
import type { ProcurementData } from "../tools/procurement-data";
import type { ChatModel } from "../workflow/ports";
import type { EndpointListener } from "./endpoint-pool";
import { createAzureOpenAiChatModel, createOpenAiCompatibleChatModel } from "./openai-chat-model";
import { buildOfflineVocabulary, createOfflineChatModel } from "./offline";

/** The settings the chat model reads: the provider and its endpoints, the retry and failover policies, the FX rates of the offline engine. */
export type ChatModelSettings = Pick<AppConfig, "provider" | "retry" | "failover"> & { workflow: Pick<AppConfig["workflow"], "jpyRates"> };

/**
 * Builds the configured ChatModel: an LLM adapter over the configured endpoints in failover order
 * (`onEndpointEvent` hears every failover and breaker change), or the offline engine, which learns
 * supplier names and categories from the data.
 */
export async function createChatModel(
  config: ChatModelSettings,
  data: ProcurementData,
  onEndpointEvent?: EndpointListener,
): Promise<ChatModel> {
  const { provider, retry, workflow } = config;
  const failover = { ...config.failover, onEndpointEvent };
  switch (provider.kind) {
    case "azure-openai":
      return createAzureOpenAiChatModel({
        endpoint: provider.endpoints,
        apiKey: provider.apiKey,
        apiVersion: provider.apiVersion,
        retry,
        ...failover,
      });
    case "openai-compatible":
      return createOpenAiCompatibleChatModel({ baseUrl: provider.baseUrls, apiKey: provider.apiKey, retry, ...failover });
    case "offline":
      return createOfflineChatModel({ vocabulary: await buildOfflineVocabulary(data), jpyRates: workflow.jpyRates });
  }
}
