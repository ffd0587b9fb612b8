/**
 * The ordered model endpoints of one provider (first = primary), each behind its own circuit
 * breaker. A call starts on the first endpoint whose breaker admits it and moves to the next on an
 * endpoint fault; the listener hears every such failover and every breaker that opens or closes.
 */
import { CircuitBreaker, type CircuitSettings, type CircuitSnapshot } from "../resilience";

/** One endpoint: a name safe to show (its URL, never a key) and the client that reaches it. */
export interface ModelEndpoint<C> {
  name: string;
  client: C;
  breaker: CircuitBreaker;
}

/** Why an endpoint is counted as faulty: a short kind (safe for telemetry) and a one-line cause. */
export interface EndpointFault {
  kind: "refused" | "connection" | "timeout" | "server_error" | "rate_limited";
  cause: string;
}

/** What the pool reports: a call moved on, or a breaker changed state. */
export type EndpointEvent =
  | { type: "failover"; from: string; to: string; fault: EndpointFault }
  | { type: "circuit_opened"; endpoint: string; fault: EndpointFault }
  | { type: "circuit_closed"; endpoint: string };

/** Listens to endpoint events (telemetry, logs); must not throw. */
export type EndpointListener = (event: EndpointEvent) => void;

/** One endpoint's state as /healthz and the start banner show it. */
export type EndpointStatus = CircuitSnapshot & { endpoint: string; primary: boolean };

/** Anything that can report its endpoints' states (a failover-capable chat model). */
export interface EndpointHealth {
  endpointStatuses(): EndpointStatus[];
}

/** The endpoints of one provider, in failover order. */
export class EndpointPool<C> {
  readonly endpoints: ModelEndpoint<C>[];

  constructor(
    endpoints: readonly { name: string; client: C }[],
    settings: CircuitSettings,
    private readonly listener: EndpointListener = () => undefined,
    now: () => number = Date.now,
  ) {
    if (endpoints.length === 0) throw new Error("EndpointPool needs at least one endpoint");
    this.endpoints = endpoints.map((e) => ({ ...e, breaker: new CircuitBreaker(settings, now) }));
  }

  /** The first endpoint, in configured order, that is not in `skip` and whose breaker admits a call. */
  pick(skip: ReadonlySet<ModelEndpoint<C>> = new Set()): ModelEndpoint<C> | undefined {
    return this.endpoints.find((endpoint) => !skip.has(endpoint) && endpoint.breaker.admit());
  }

  /** The endpoint answered: closes its breaker (telling the listener when it was not closed). */
  succeeded(endpoint: ModelEndpoint<C>): void {
    const wasClosed = endpoint.breaker.snapshot().state === "closed";
    endpoint.breaker.succeeded();
    if (!wasClosed) this.notify({ type: "circuit_closed", endpoint: endpoint.name });
  }

  /** The endpoint faulted: counts it against its breaker (telling the listener when that opened it). */
  failed(endpoint: ModelEndpoint<C>, fault: EndpointFault): void {
    if (endpoint.breaker.failed(fault.cause)) this.notify({ type: "circuit_opened", endpoint: endpoint.name, fault });
  }

  /** A call moved from one endpoint to another. */
  failedOver(from: ModelEndpoint<C>, to: ModelEndpoint<C>, fault: EndpointFault): void {
    this.notify({ type: "failover", from: from.name, to: to.name, fault });
  }

  /** Every endpoint's state, primary first. */
  statuses(): EndpointStatus[] {
    return this.endpoints.map((endpoint, index) => ({ endpoint: endpoint.name, primary: index === 0, ...endpoint.breaker.snapshot() }));
  }

  /** "https://a (open: HTTP 503), https://b (open: connection refused)": what a failed run names. */
  describe(): string {
    return this.statuses()
      .map((s) => `${s.endpoint} (${s.state}${s.lastFailure ? `: ${s.lastFailure}` : ""})`)
      .join(", ");
  }

  private notify(event: EndpointEvent): void {
    try {
      this.listener(event);
    } catch {
      // A listener failure must never break a model call.
    }
  }
}

/** Thrown (and turned into an `error` outcome) when no endpoint admits a call: every breaker is open. */
export class NoModelEndpointAvailableError extends Error {
  constructor(described: string) {
    super(`every model endpoint is unavailable: ${described}`);
    this.name = "NoModelEndpointAvailableError";
  }
}

/** True for a chat model that reports its endpoints' states (the offline engine and test fakes do not). */
export function hasEndpointHealth(model: object): model is EndpointHealth {
  return typeof (model as Partial<EndpointHealth>).endpointStatuses === "function";
}

/** One line per endpoint for the start banner: "primary https://a: closed". */
export function describeEndpointStatuses(statuses: readonly EndpointStatus[]): string[] {
  return statuses.map(
    (s, index) => `${s.primary ? "primary" : `fallback ${index}`} ${s.endpoint}: ${s.state}${s.lastFailure ? ` (${s.lastFailure})` : ""}`,
  );
}
