// The offline Router reads the vocabulary's type from here; it lives with the tools, which read questions by it.
export type { QuestionVocabulary as OfflineVocabulary } from "../../tools/question/vocabulary";
