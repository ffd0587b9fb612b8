/** The three evaluation levels: one step, one phase (a cluster of steps), the whole run. */
export const GRANULARITIES = ["step_level", "phase_level", "global_summary"] as const;
/** One evaluation level. */
export type Granularity = (typeof GRANULARITIES)[number];
