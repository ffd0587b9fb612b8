/** Adaptive Cards: pure view models → card JSON, and validation of the actions cards send back. */
export * from "./actions";
export * from "./answer-body";
export * from "./approval-cards";
export * from "./answer-text";
export * from "./citations";
export * from "./renewal-card";
export * from "./notice-cards";
export * from "./progress-card";
export { type AdaptiveCard, answerBodyLimits, cardAttachment, cardBytes, SHRINK_SCALES } from "./render";
export * from "./view-models";
