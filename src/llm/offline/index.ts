export { createOfflineChatModel } from "./offline-chat-model";
export { descriptionFeatures, scoreSpecialists } from "./router";
