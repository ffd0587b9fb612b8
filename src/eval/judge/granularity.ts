/** The three evaluation levels of seed 003. */
export const GRANULARITIES = ["step_level", "phase_level", "global_summary"] as const;
/** One evaluation level. */
export type Granularity = (typeof GRANULARITIES)[number];
