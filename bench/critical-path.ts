/**
 * The model critical path of one run, from the simulator's call log: the longest chain of model
 * time through the graph's dependencies ([rewriter →] router → slowest specialist chain → moderator, plus any
 * debate or re-ask rounds and a second moderation), counting only time spent inside model calls.
 * Run wall time ÷ this is our own overhead factor. Text a streamed call wrote is placed on the path
 * at the simulator's write of the chunk that completed it, never at the client's receipt: the
 * client's lag (our own work, divided by the time scale, and its stream reader holding each event
 * until more bytes arrive) is not model time. A call's planned time on the model's clock, when the
 * simulator gives it, counts instead of what the machine's timers delivered, so load does not move
 * the figures.
 */

/** One chunk of a streamed reply as the simulator wrote it. */
export interface StreamedChunk {
  /** When it was written (the simulator's clock). */
  writtenAt: number;
  /** When the model's clock released it, from the call's start (ms at the time scale). */
  plannedAt?: number;
  /** The content offset (UTF-16 code units) the reply had reached once it was written. */
  endOffset: number;
}

/** What the computation needs of a logged call. */
export interface TimedCall {
  agentId: string;
  startedAt: number;
  endedAt?: number;
  /** The call's duration on the model's clock, when the simulator planned one. */
  plannedMs?: number;
  aborted: boolean;
  /** The content chunks, in order, when the reply was streamed. */
  chunks?: readonly StreamedChunk[];
}

/**
 * Agents every later call waits for, and that wait for every earlier call: the rewriter (a
 * follow-up's Router and guessed specialists need its standalone question), the Router, the Moderator.
 */
const BARRIER_AGENTS = new Set(["rewriter", "router", "moderator"]);

/**
 * Longest path in the dependency DAG of the calls, weighted by call duration. A call depends on an
 * earlier call that ended before it started when both are the same agent (a specialist's tool loop,
 * a repair, a retry), or either is a barrier (the Router before the fan-out, the Moderator after the
 * join). Specialists never depend on each other, so a speculative specialist call that started with
 * the Router runs beside it — unless `sequential` (a group chat, where each turn waits for the one
 * before). Cancelled calls (aborted) are not on any path.
 */
export function modelCriticalPathMs(calls: readonly TimedCall[], options: PathOptions = {}): number {
  return criticalPath(calls, options).ms;
}

/** How a run's calls depend on each other beyond what the graph fixes. */
export interface PathOptions {
  /** Every call waits for the one before (a group chat). */
  sequential?: boolean;
  /**
   * The specialists the run started on its route guess, as it made it; unset: those whose first call
   * started before the Router's ended (`speculativeAgents`), which a loaded machine can get wrong when
   * our own work before the guessed start outlasts the Router's call at a small time scale.
   */
  speculative?: ReadonlySet<string>;
}

/** A run's critical path; see `criticalPath`. */
export interface CriticalPath<T extends TimedCall> {
  /** Its model time. */
  ms: number;
  /** Its calls, in order. */
  chain: (T & { endedAt: number })[];
  /** The longest chain's time up to the end of `call` (undefined for a call on no path: cancelled or unfinished). */
  longestTo: (call: T) => number | undefined;
  /**
   * The longest chain's time up to when streamed `call` had written its content up to `endOffset`:
   * up to its start, plus its own time until the chunk that reached the offset was written.
   * Undefined when the call is on no path or no chunk reached the offset.
   */
  writtenTo: (call: T, endOffset: number) => number | undefined;
}

/** The longest chain of calls (in order) and its model time, with the times of points along it. */
export function criticalPath<T extends TimedCall>(calls: readonly T[], options: PathOptions = {}): CriticalPath<T> {
  const done = calls
    .filter((call): call is T & { endedAt: number } => !call.aborted && call.endedAt !== undefined)
    .sort((a, b) => a.startedAt - b.startedAt);
  const speculative = options.speculative ?? speculativeAgents(calls);
  const longest: number[] = [];
  const previous: number[] = [];
  done.forEach((call, i) => {
    let before = 0;
    let from = -1;
    for (let j = 0; j < i; j++) {
      const earlier = done[j];
      // A specialist started beside the Router never waits for it: whether the Router happened to end
      // before one of its later calls began is a race of the machine's timers, not a dependency.
      const waitsForRouter = !(earlier.agentId === "router" && speculative.has(call.agentId));
      const linked =
        options.sequential === true ||
        earlier.agentId === call.agentId ||
        (BARRIER_AGENTS.has(earlier.agentId) && waitsForRouter) ||
        BARRIER_AGENTS.has(call.agentId);
      if (linked && earlier.endedAt <= call.startedAt && longest[j] > before) {
        before = longest[j];
        from = j;
      }
    }
    longest.push(before + durationOf(call));
    previous.push(from);
  });
  const chain: (T & { endedAt: number })[] = [];
  let last = longest.indexOf(Math.max(...longest));
  const ms = last < 0 ? 0 : longest[last];
  for (; last >= 0; last = previous[last]) chain.unshift(done[last]);
  const longestTo = (call: T) => {
    const index = done.indexOf(call as T & { endedAt: number });
    return index < 0 ? undefined : longest[index];
  };
  return {
    ms,
    chain,
    longestTo,
    writtenTo: (call, endOffset) => {
      const upToEnd = longestTo(call);
      const chunk = call.chunks?.find((c) => c.endOffset >= endOffset);
      if (upToEnd === undefined || chunk === undefined || call.endedAt === undefined) return undefined;
      return call.plannedMs !== undefined && chunk.plannedAt !== undefined
        ? upToEnd - (call.plannedMs - chunk.plannedAt)
        : upToEnd - (call.endedAt - chunk.writtenAt);
    },
  };
}

/** Specialists whose first call started before the first Router call ended: started on a guess, beside it. */
export function speculativeAgents(calls: readonly TimedCall[]): Set<string> {
  const routerEnd = calls.find((call) => call.agentId === "router")?.endedAt;
  if (routerEnd === undefined) return new Set();
  const firstStart = new Map<string, number>();
  for (const call of calls) if (!firstStart.has(call.agentId)) firstStart.set(call.agentId, call.startedAt);
  return new Set([...firstStart].filter(([agent, start]) => !BARRIER_AGENTS.has(agent) && start < routerEnd).map(([agent]) => agent));
}

/** A finished call's model time: as planned on the model's clock, else as measured. */
function durationOf(call: TimedCall & { endedAt: number }): number {
  return call.plannedMs ?? call.endedAt - call.startedAt;
}
