/** Where a component writes its operational lines (start-up, failures, progress): console in production, a list in tests. */
export type Log = (line: string) => void;
