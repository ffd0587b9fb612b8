import { z } from "zod";

/** What the parent needs to reach the bench environment process (printed as one JSON line). */
export const EnvironmentAddressesSchema = z.object({
  modelBaseUrl: z.string().url(),
  cosmosEndpoint: z.string().url(),
  cosmosKey: z.string().min(1),
  /** The run queue's Azurite (a connection string with its published development key). */
  queueConnectionString: z.string().min(1),
  controlUrl: z.string().url(),
});

/** Addresses printed by the environment process. */
export type EnvironmentAddresses = z.infer<typeof EnvironmentAddressesSchema>;
