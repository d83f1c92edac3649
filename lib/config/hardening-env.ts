import { z } from "zod";

// Settings added by the hardening work (sign-in origins, demo data, housekeeping, licence payments).
// Kept in their own fragment, spread into serverEnvSchema and envCatalog, so other areas' additions
// to those lists do not collide with these lines.

const origin = z
  .string()
  .trim()
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "http:" || url.protocol === "https:") && url.origin === value.replace(/\/$/, "");
    } catch {
      return false;
    }
  }, "expected an origin such as https://news.example.org (scheme, host and optional port, no path)");

export const hardeningEnvShape = {
  /** Extra public origins (comma-separated) whose Sign-In with Ethereum messages are accepted. */
  CAPSULE_PUBLIC_ORIGINS: z
    .string()
    .optional()
    .refine((value) => value === undefined || value.split(",").filter((v) => v.trim()).every((v) => origin.safeParse(v).success), {
      message: "expected comma-separated origins such as https://news.example.org,https://www.news.example.org",
    }),
  /** Sample bounty proposals and ad campaigns: 1 load them, 0 never; unset = only with the bundled anvil. */
  CAPSULE_DEMO_DATA: z.enum(["0", "1"]).optional(),
  /** How often used nonces, expired sessions and rate-limit counters are purged (0 = never). */
  CAPSULE_HOUSEKEEPING_INTERVAL_MS: z.coerce.number().int().min(0).default(300_000),
  /** Rows deleted per statement by housekeeping (each batch is its own short transaction). */
  CAPSULE_HOUSEKEEPING_BATCH: z.coerce.number().int().min(1).max(100_000).default(1000),
  /** Confirmations a licence payment needs on the node (1 = mined). */
  CAPSULE_PAYMENT_CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).default(1),
};

export const hardeningEnvCatalog = [
  { name: "CAPSULE_PUBLIC_ORIGINS", description: "extra public origins (comma-separated) accepted for Sign-In with Ethereum besides the main public address", secret: false },
  { name: "CAPSULE_DEMO_DATA", description: "1 loads the sample bounty proposals and ad campaigns, 0 never; unset: only with the bundled anvil", secret: false },
  { name: "CAPSULE_HOUSEKEEPING_INTERVAL_MS", description: "interval of the purge of used nonces, expired sessions and rate-limit counters (0 = off)", secret: false },
  { name: "CAPSULE_HOUSEKEEPING_BATCH", description: "rows deleted per housekeeping statement", secret: false },
  { name: "CAPSULE_PAYMENT_CONFIRMATIONS", description: "confirmations a licence payment transaction needs", secret: false },
] as const;
