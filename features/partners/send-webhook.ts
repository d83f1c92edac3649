import { Webhook } from "standardwebhooks";

// One signed attempt, following the Standard Webhooks specification (standardwebhooks on npm):
// `webhook-id` (the event's message id), `webhook-timestamp` (this attempt, Unix seconds) and
// `webhook-signature` (`v1,<base64 HMAC-SHA256 of "id.timestamp.body">` with the partner's secret).

export type AttemptOutcome = { ok: boolean; status: number | null; error: string | null };

export async function sendWebhook(
  target: { url: string; secret: string },
  message: { id: string; body: string },
  options: { at: Date; timeoutMs: number; signal?: AbortSignal },
): Promise<AttemptOutcome> {
  const signature = new Webhook(target.secret).sign(message.id, options.at, message.body);
  const signals = [AbortSignal.timeout(options.timeoutMs), ...(options.signal ? [options.signal] : [])];
  try {
    const response = await fetch(target.url, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/json",
        "user-agent": "Capsule-Webhooks/1",
        "webhook-id": message.id,
        "webhook-timestamp": String(Math.floor(options.at.getTime() / 1000)),
        "webhook-signature": signature,
      },
      body: message.body,
      signal: AbortSignal.any(signals),
    });
    await response.body?.cancel().catch(() => undefined);
    const ok = response.status >= 200 && response.status < 300;
    return { ok, status: response.status, error: ok ? null : `the endpoint answered ${response.status}` };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    return { ok: false, status: null, error: timedOut ? `no answer within ${options.timeoutMs} ms` : `the endpoint could not be reached (${error instanceof Error ? error.message : String(error)})` };
  }
}
