export * from "./retry";
export * from "./policies";
