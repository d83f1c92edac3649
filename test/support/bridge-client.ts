import { privateKeyToAccount } from "viem/accounts";
import type { Hex } from "viem";
import { buildActionToken } from "@/lib/auth/action-token";

export type BridgeResponse<T = Record<string, unknown>> = { status: number; body: T; headers: Headers };

/** Signs a single-use action token for `key` (a dev private key) bound to this exact request. */
export async function signedToken(key: Hex, action: string, path: string, body: string | undefined, method = "POST", now?: number) {
  const account = privateKeyToAccount(key);
  return buildActionToken({
    wallet: account.address,
    action,
    method,
    path,
    body,
    now,
    sign: (args) => account.signTypedData(args),
  });
}

/** A typed HTTP helper for API tests against a running server. */
export function bridgeClient(baseUrl: string) {
  async function send<T>(method: string, path: string, init: { body?: string; token?: string; headers?: Record<string, string> } = {}) {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      body: init.body,
      headers: {
        ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...init.headers,
      },
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON; tests assert on that themselves
    }
    return { status: response.status, body: body as T, headers: response.headers, text };
  }
  return {
    get: <T = Record<string, unknown>>(path: string, headers?: Record<string, string>) => send<T>("GET", path, { headers }),
    raw: send,
    /** POST with a fresh token signed by `key` for `action`. */
    post: async <T = Record<string, unknown>>(path: string, action: string, key: Hex, payload: unknown) => {
      const body = JSON.stringify(payload);
      const token = await signedToken(key, action, path, body);
      return send<T>("POST", path, { body, token });
    },
  };
}
