import type { Log } from "../domain";
import type { EndpointListener } from "../llm/endpoint-pool";
import type { Telemetry } from "../telemetry";

/**
 * Where model endpoint events go: every failover and breaker change to telemetry (`ModelEndpointChanged`, the fault as its kind only) and a
 * log line with the cause for operators; every streamed answer's timing to telemetry only (`ModelStreamTimed`).
 */
export function reportEndpointEvents(telemetry: Pick<Telemetry, "modelEndpointChanged" | "modelStreamTimed">, log: Log): EndpointListener {
  return (event) => {
    switch (event.type) {
      case "failover":
        log(`model failover: ${event.from} → ${event.to} (${event.fault.cause})`);
        telemetry.modelEndpointChanged({ change: "failover", endpoint: event.from, toEndpoint: event.to, faultKind: event.fault.kind });
        return;
      case "circuit_opened":
        log(`model endpoint ${event.endpoint} (${event.deployment}): circuit open (${event.fault.cause})`);
        telemetry.modelEndpointChanged({ change: "circuit_opened", endpoint: event.endpoint, faultKind: event.fault.kind });
        return;
      case "circuit_closed":
        log(`model endpoint ${event.endpoint} (${event.deployment}): circuit closed, serving again`);
        telemetry.modelEndpointChanged({ change: "circuit_closed", endpoint: event.endpoint });
        return;
      case "stream_timed":
        telemetry.modelStreamTimed({ endpoint: event.endpoint, deployment: event.deployment, ...event.timing });
        return;
    }
  };
}
