export { createOfflineChatModel } from "./offline-chat-model";
