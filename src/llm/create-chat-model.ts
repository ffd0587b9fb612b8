import type { AppConfig } from "../config";
import type { ProcurementData } from "../tools/procurement-data";
import { buildQuestionVocabulary } from "../tools/question/vocabulary";
import type { ChatModel } from "../workflow/ports";
import type { EndpointListener } from "./endpoint-pool";
import { createAzureOpenAiChatModel, createOpenAiCompatibleChatModel } from "./openai-chat-model";

export type ChatModelSettings = Pick<AppConfig, "provider" | "retry" | "failover"> & { workflow: Pick<AppConfig["workflow"], "jpyRates"> };

/** Endpoints in failover order (`onEndpointEvent` hears every failover and breaker change), or the offline engine. */
export async function createChatModel(
  config: ChatModelSettings,
  data: ProcurementData,
  onEndpointEvent?: EndpointListener,
): Promise<ChatModel> {
  const { provider, workflow } = config;
  const behaviour = { retry: config.retry, ...config.failover, onEndpointEvent };
  switch (provider.kind) {
    case "azure-openai":
      return createAzureOpenAiChatModel({ ...provider, endpoint: provider.endpoints, ...behaviour });
    case "openai-compatible":
      return createOpenAiCompatibleChatModel({ ...provider, baseUrl: provider.baseUrls, ...behaviour });
    case "offline": {
      // Required here, not imported at the top: with a model configured, none of the offline engine is even loaded.
      // (A dynamic import() would go through the ESM loader, which cannot load the TypeScript sources tests run.)
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { createOfflineChatModel } = require("./offline") as typeof import("./offline");
      return createOfflineChatModel({ vocabulary: await buildQuestionVocabulary(data), jpyRates: workflow.jpyRates });
    }
  }
}

/**
 * How the offline Router reads keywords and descriptions, loaded only when asked for: the tuning report proposes changes to them as that
 * Router would see them, and never answers a question with it.
 */
export function offlineRouterReading(): Pick<typeof import("./offline"), "scoreSpecialists" | "descriptionFeatures"> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require("./offline") as typeof import("./offline");
}
