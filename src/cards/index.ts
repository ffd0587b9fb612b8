/** Adaptive Cards: pure view models → card JSON, and validation of the actions cards send back. */
export * from "./actions";
export * from "./answer-card";
export * from "./approval-card";
export * from "./approval-outcome-card";
export * from "./approval-history-card";
export * from "./approval-pending-card";
export * from "./answer-text";
export * from "./attachment";
export * from "./citation-card";
export * from "./citations";
export * from "./renewal-card";
export * from "./notice-cards";
export * from "./progress-card";
export { type AdaptiveCard, cardBytes, SHRINK_SCALES } from "./render";
export { answerBodyLimits } from "./limits";
export * from "./view-models";
