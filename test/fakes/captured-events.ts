import type { Telemetry } from "../../src/telemetry";
import type { EventProps } from "../../src/telemetry/records";

/** A telemetry that appends each named event's props to the array given for its name and drops every other event. */
export function capturingTelemetry(into: { [N in keyof EventProps]?: EventProps[N][] }): Pick<Telemetry, "event"> {
  return { event: (name, props) => void (into[name] as unknown[] | undefined)?.push(props) };
}
