import "server-only";
import { Webhook } from "standardwebhooks";
import { OutboundRefused, pinnedRequest, type OutboundPolicy } from "@/lib/http/pinned-request";
import { webhookPolicy } from "./webhook-address";

// One signed attempt, following the Standard Webhooks specification (standardwebhooks on npm):
// `webhook-id` (the event's message id), `webhook-timestamp` (this attempt, Unix seconds) and
// `webhook-signature` (`v1,<base64 HMAC-SHA256 of "id.timestamp.body">` with the partner's secret).
// The request goes to an address checked under the webhook's rule (webhook-address.ts), redirects
// are not followed, and the answer's body is not read.

export type AttemptOutcome = { ok: boolean; status: number | null; error: string | null };

export async function sendWebhook(
  target: { url: string; secret: string },
  message: { id: string; body: string },
  options: { at: Date; timeoutMs: number; signal?: AbortSignal; policy?: OutboundPolicy },
): Promise<AttemptOutcome> {
  const signature = new Webhook(target.secret).sign(message.id, options.at, message.body);
  const url = new URL(target.url);
  try {
    const { status } = await pinnedRequest(url, options.policy ?? webhookPolicy(url), {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "Capsule-Webhooks/1",
        "webhook-id": message.id,
        "webhook-timestamp": String(Math.floor(options.at.getTime() / 1000)),
        "webhook-signature": signature,
      },
      body: message.body,
      timeoutMs: options.timeoutMs,
      signal: options.signal,
      maxBodyBytes: 0,
    });
    const ok = status >= 200 && status < 300;
    return { ok, status, error: ok ? null : `the endpoint answered ${status}` };
  } catch (error) {
    if (error instanceof OutboundRefused) return { ok: false, status: null, error: `the endpoint may not be called: ${error.message}` };
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    return { ok: false, status: null, error: timedOut ? `no answer within ${options.timeoutMs} ms` : `the endpoint could not be reached (${error instanceof Error ? error.message : String(error)})` };
  }
}
