export * from "./retry";
export * from "./circuit-breaker";
export * from "./policies";
export * from "./limited";
export * from "./deadline";
