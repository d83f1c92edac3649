import { buildActionToken } from "@/lib/auth/action-token";
import { DRAFT_READ_ACTION, type Endpoint, type ResponseOf } from "@/lib/endpoints/define";
import { ApiError, parseError } from "./api-client";
import { buildRequest, type CallInput } from "./request";
import type { ActionSigner } from "./signers";

// The typed client every page, helper and test uses: `call(capsuleRead, { params: { id } })`
// answers the parsed response type; a signed write takes a signer and the client builds the
// action token from the descriptor's action, method and the resolved path with its query string. A read that can show
// drafts (`privateDrafts`) is signed when a signer is given, and anonymous otherwise.

export type CallOptions = {
  /** Origin of the bridge; same-origin ("") in the browser. */
  baseUrl?: string;
  signer?: ActionSigner;
  fetch?: typeof fetch;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

export type RawAnswer = { status: number; body: unknown; headers: Headers; text: string };

async function fetchEndpoint<E extends Endpoint>(endpoint: E, input: CallInput<E>, options: CallOptions): Promise<Response> {
  const request = buildRequest(endpoint, input);
  const headers: Record<string, string> = { accept: "application/json", ...options.headers };
  if (request.body !== undefined) headers["content-type"] = "application/json";
  if (endpoint.action) {
    const signer = options.signer;
    if (!signer) throw new ApiError("UNAUTHORIZED", "Sign in with your wallet first.", 401);
    const token = await buildActionToken({ wallet: signer.wallet, action: endpoint.action, method: endpoint.method, path: request.url, body: request.body, sign: signer.sign, delegation: signer.delegation });
    headers.authorization = `Bearer ${token}`;
  } else if (endpoint.privateDrafts && options.signer) {
    // a signed read: the bridge then shows the drafts this wallet may see (its own, its outlets' as Editor)
    const signer = options.signer;
    const token = await buildActionToken({ wallet: signer.wallet, action: DRAFT_READ_ACTION, method: endpoint.method, path: request.url, body: undefined, sign: signer.sign, delegation: signer.delegation });
    headers.authorization = `Bearer ${token}`;
  }
  try {
    // conditional reads may be cached for a minute once settled; pages revalidate (a 304 when nothing changed) so a pushed change shows at once
    const cache: RequestCache | undefined = endpoint.conditional ? "no-cache" : undefined;
    return await (options.fetch ?? fetch)(`${options.baseUrl ?? ""}${request.url}`, { method: endpoint.method, body: request.body, headers, signal: options.signal, ...(cache ? { cache } : {}) });
  } catch {
    throw new ApiError("NETWORK_ERROR", "Could not reach the Capsule server. Check your connection and try again.", 0);
  }
}

/** Calls an endpoint; answers its parsed response, or throws ApiError with the bridge's code and message. */
export async function call<E extends Endpoint>(endpoint: E, input: CallInput<E>, options: CallOptions = {}): Promise<ResponseOf<E>> {
  const response = await fetchEndpoint(endpoint, input, options);
  if (!response.ok) {
    const error = await parseError(response);
    if (error.status === 401 && error.details.sessionEnded === true) options.signer?.onSessionEnded?.();
    throw error;
  }
  return endpoint.response.parse(await response.json()) as ResponseOf<E>;
}

/** Calls an endpoint and answers whatever came back, unparsed (tests that assert on errors). */
export async function send<E extends Endpoint>(endpoint: E, input: CallInput<E>, options: CallOptions = {}): Promise<RawAnswer> {
  const response = await fetchEndpoint(endpoint, input, options);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON; the caller asserts on that
  }
  return { status: response.status, body, headers: response.headers, text };
}
