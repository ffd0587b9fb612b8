export * from "./errors";
export * from "./finding";
export * from "./language";
export * from "./moderator-answer";
export * from "./router-decision";
export * from "./run";
export * from "./specialist";
export * from "./procurement";
