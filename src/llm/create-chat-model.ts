import type { AppConfig } from "../config";
import type { ProcurementData } from "../tools/procurement-data";
import type { ChatModel } from "../workflow/ports";
import { createAzureOpenAiChatModel, createOpenAiCompatibleChatModel } from "./openai-chat-model";
import { buildOfflineVocabulary, createOfflineChatModel } from "./offline";

/** Builds the configured ChatModel; the offline engine learns supplier names and categories from the data. */
export async function createChatModel(config: Pick<AppConfig, "provider" | "retry"> & { workflow: Pick<AppConfig["workflow"], "jpyRates"> }, data: ProcurementData): Promise<ChatModel> {
  const { provider, retry, workflow } = config;
  switch (provider.kind) {
    case "azure-openai":
      return createAzureOpenAiChatModel({ endpoint: provider.endpoint, apiKey: provider.apiKey, apiVersion: provider.apiVersion, retry });
    case "openai-compatible":
      return createOpenAiCompatibleChatModel({ baseUrl: provider.baseUrl, apiKey: provider.apiKey, retry });
    case "offline":
      return createOfflineChatModel({ vocabulary: await buildOfflineVocabulary(data), jpyRates: workflow.jpyRates });
  }
}
