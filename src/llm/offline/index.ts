export { createOfflineChatModel, OFFLINE_MODEL_NAME, type OfflineChatModelOptions } from "./offline-chat-model";
