import "server-only";
import { config } from "@/lib/config/config";
import { AppError } from "@/lib/errors/app-error";
import { BountyClientError, type BountyClientOptions } from "./client";

// The same-origin proxy to the bounty read service (it listens on loopback, so the browser cannot
// reach it). Pages are passed through unchanged; failures become the bridge's error body.

export function bountyOptions(): BountyClientOptions {
  const cfg = config();
  return { baseUrl: cfg.BOUNTY_API_URL ?? `http://127.0.0.1:${cfg.BOUNTY_PORT}`, signal: AbortSignal.timeout(10_000) };
}

/**
 * Runs one read against the service; its failures in the seed's error body: 503 when it cannot read its state or does
 * not answer at all, and 502 for any other answer (the service answered, so it is not "unreachable").
 */
export async function viaBountyService<T>(read: (options: BountyClientOptions) => Promise<T>): Promise<T> {
  try {
    return await read(bountyOptions());
  } catch (error) {
    if (error instanceof BountyClientError && error.code === "invalid_response") {
      throw new AppError("BOUNTY_BAD_RESPONSE", "The bounty service sent an answer this server does not understand");
    }
    if (error instanceof BountyClientError && error.code === "bounty_state_unavailable") {
      throw new AppError("BOUNTY_STATE_UNAVAILABLE", "The bounty service cannot read its state right now; try again in a moment");
    }
    if (error instanceof BountyClientError) {
      throw new AppError("BOUNTY_BAD_RESPONSE", `The bounty service answered ${error.status} (${error.code}), which this server does not expect`);
    }
    throw new AppError("BOUNTY_SERVICE_UNREACHABLE", "The bounty service is not answering; try again in a moment");
  }
}
