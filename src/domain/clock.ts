/** Time, injectable for tests: every business time (a record's date, "today", a deadline) is read from one. */
export interface Clock {
  now(): Date;
}

/** The real clock: the one place that reads the system time for business purposes. */
export const systemClock: Clock = { now: () => new Date() };
