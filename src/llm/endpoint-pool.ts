/*
 * A circuit breaker per endpoint and deployment (one deployment failing says nothing of the others on the same resource). When no breaker
 * admits a call it still goes out: a breaker steers calls away from a failing endpoint, it never fails a run a call could have served.
 */
import type { DeploymentTiming } from "../domain";
import { CircuitBreaker, type CircuitSettings, type CircuitSnapshot } from "../resilience";

/** One endpoint: a name safe to show (its URL, never a key) and the client that reaches it. */
export interface ModelEndpoint<C> {
  name: string;
  client: C;
}

/** Why an endpoint is counted as faulty: a short kind (safe for telemetry) and a one-line cause. */
export interface EndpointFault {
  kind: "refused" | "connection" | "timeout" | "server_error" | "rate_limited";
  cause: string;
}

export type EndpointEvent =
  | { type: "failover"; from: string; to: string; fault: EndpointFault }
  | { type: "circuit_opened"; endpoint: string; deployment: string; fault: EndpointFault }
  | { type: "circuit_closed"; endpoint: string; deployment: string }
  | { type: "stream_timed"; endpoint: string; deployment: string; timing: DeploymentTiming };

/** Must not throw. */
export type EndpointListener = (event: EndpointEvent) => void;

/** One endpoint's (and deployment's, once it was called) state as /healthz and the start banner show it. */
export type EndpointStatus = CircuitSnapshot & { endpoint: string; deployment?: string; primary: boolean };

/** The endpoints of one provider, in failover order (first = primary). */
export class EndpointPool<C> {
  readonly endpoints: ModelEndpoint<C>[];
  private readonly breakers = new Map<ModelEndpoint<C>, Map<string, CircuitBreaker>>();

  constructor(
    endpoints: readonly { name: string; client: C }[],
    private readonly settings: CircuitSettings,
    private readonly listener: EndpointListener = () => undefined,
  ) {
    if (endpoints.length === 0) throw new Error("EndpointPool needs at least one endpoint");
    this.endpoints = endpoints.map((e) => ({ ...e }));
  }

  /** The first not in `skip` whose breaker admits it; else the first not in `skip`; else the primary (a last resort is still a call). */
  pick(deployment: string, skip: ReadonlySet<ModelEndpoint<C>> = new Set()): ModelEndpoint<C> {
    const untried = this.endpoints.filter((endpoint) => !skip.has(endpoint));
    return untried.find((endpoint) => this.breaker(endpoint, deployment).admit()) ?? untried[0] ?? this.endpoints[0];
  }

  hasAlternative(deployment: string, skip: ReadonlySet<ModelEndpoint<C>>): boolean {
    return this.endpoints.some((endpoint) => !skip.has(endpoint) && this.breaker(endpoint, deployment).available());
  }

  /**
   * A request's end, once per breaker: a fault on every endpoint it faulted on (the one that answered excepted); on the last endpoint an
   * HTTP answer that is not a fault (400, 401, …) proves it reachable, and a cancelled call says nothing (it frees its probe slot).
   */
  settle(
    deployment: string,
    last: ModelEndpoint<C>,
    faults: ReadonlyMap<ModelEndpoint<C>, EndpointFault>,
    how: "answered" | { cancelled: boolean; timedOut: boolean; timeoutMs: number },
  ): void {
    for (const [endpoint, fault] of faults) if (how !== "answered" || endpoint !== last) this.failed(endpoint, deployment, fault);
    if (how !== "answered" && faults.has(last)) return;
    if (how !== "answered" && how.cancelled) this.breaker(last, deployment).released();
    else if (how !== "answered" && how.timedOut)
      this.failed(last, deployment, { kind: "timeout", cause: `no answer within ${how.timeoutMs} ms` });
    else if (this.breaker(last, deployment).succeeded()) this.notify({ type: "circuit_closed", endpoint: last.name, deployment });
  }

  private failed(endpoint: ModelEndpoint<C>, deployment: string, fault: EndpointFault): void {
    if (this.breaker(endpoint, deployment).failed(fault.cause))
      this.notify({ type: "circuit_opened", endpoint: endpoint.name, deployment, fault });
  }

  /** Per deployment called so far (closed with no requests before any call), primary first. */
  statuses(): EndpointStatus[] {
    return this.endpoints.flatMap((endpoint, index): EndpointStatus[] => {
      const primary = index === 0;
      const byDeployment = [...(this.breakers.get(endpoint) ?? new Map<string, CircuitBreaker>())];
      if (byDeployment.length === 0) return [{ endpoint: endpoint.name, primary, state: "closed" as const, requests: 0, failures: 0 }];
      return byDeployment.map(([deployment, breaker]) => ({ endpoint: endpoint.name, deployment, primary, ...breaker.snapshot() }));
    });
  }

  private breaker(endpoint: ModelEndpoint<C>, deployment: string): CircuitBreaker {
    let byDeployment = this.breakers.get(endpoint);
    if (!byDeployment) this.breakers.set(endpoint, (byDeployment = new Map<string, CircuitBreaker>()));
    let breaker = byDeployment.get(deployment);
    if (!breaker) byDeployment.set(deployment, (breaker = new CircuitBreaker(this.settings)));
    return breaker;
  }

  notify(event: EndpointEvent): void {
    try {
      this.listener(event);
    } catch {
      // A listener failure must never break a model call.
    }
  }
}

/** One line per endpoint and deployment for the start banner: "primary https://a (gpt-5.4): closed". */
export function describeEndpointStatuses(statuses: readonly EndpointStatus[]): string[] {
  let fallback = 0;
  let last = "";
  return statuses.map((s) => {
    if (!s.primary && s.endpoint !== last) fallback++;
    last = s.endpoint;
    const where = `${s.primary ? "primary" : `fallback ${fallback}`} ${s.endpoint}${s.deployment ? ` (${s.deployment})` : ""}`;
    return `${where}: ${s.state}${s.lastFailure ? ` (${s.lastFailure})` : ""}`;
  });
}
