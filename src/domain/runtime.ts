/** Time, injectable for tests: every business time (a record's date, "today", a deadline) is read from one. */
export interface Clock {
  now(): Date;
}

/** The real clock: the one place that reads the system time for business purposes. */
export const systemClock: Clock = { now: () => new Date() };

/** Where a component writes its operational lines (start-up, failures, progress): console in production, a list in tests. */
export type Log = (line: string) => void;
