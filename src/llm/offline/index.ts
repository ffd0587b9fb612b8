export { createOfflineChatModel, OFFLINE_MODEL_NAME, type OfflineChatModelOptions } from "./offline-chat-model";
export { buildOfflineVocabulary, type OfflineVocabulary, type VocabularyCategory, type VocabularySupplier } from "./vocabulary";
export { createQuestionEvidencePlanner } from "./evidence-planner";
export { createLexicalRouteGuesser } from "./route-guesser";
