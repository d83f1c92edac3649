import type { Hex } from "viem";
import type { z } from "zod";
import { call, send } from "@/lib/api/client";
import { pathOf, type CallInput } from "@/lib/api/request";
import { keySigner, type ActionSigner } from "@/lib/api/signers";
import { buildActionToken } from "@/lib/auth/action-token";
import { ApiError } from "@/lib/api/api-client";
import { DRAFT_READ_ACTION, errorCodesOf, type BodySchemaOf, type Endpoint, type ResponseOf } from "@/lib/endpoints/define";

export type BridgeResponse<T = Record<string, unknown>> = { status: number; body: T; headers: Headers };
/** A JSON body as the wire carried it, unparsed: tests read any field and assert on the exact shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = Record<string, any>;
export type WireAnswer = { status: number; body: Json; headers: Headers; text: string };
/** The body an endpoint takes, as a caller writes it (test helpers with default bodies). */
export type BodyOf<E extends Endpoint> = BodySchemaOf<E> extends z.ZodType ? z.input<BodySchemaOf<E>> : never;
type PathParams = Record<string, string | number>;
/** A dev private key signing for its own wallet, or any signer (a session key with its delegation). */
type SignedBy = Hex | ActionSigner;
const signerOf = (by: SignedBy | undefined) => (by === undefined ? undefined : typeof by === "string" ? keySigner(by) : by);

/** Signs a single-use action token for `key` (a dev private key) bound to this exact request. */
export async function signedToken(key: Hex, action: string, path: string, body: string | undefined, method = "POST", now?: number) {
  const signer = keySigner(key);
  return buildActionToken({ wallet: signer.wallet, action, method, path, body, now, sign: signer.sign });
}

/** The action a token for `endpoint` carries: its own, or the draft-read action of a private-drafts read. */
export function actionOf(endpoint: Endpoint): string {
  if (endpoint.action) return endpoint.action;
  if (endpoint.privateDrafts) return DRAFT_READ_ACTION;
  throw new Error(`${endpoint.id} takes no action token`);
}

/**
 * fetch, once more on a fresh connection when the kept-alive one was reset before any answer
 * arrived (the server logged no request). On a loaded machine the first signed write after a long
 * chain step sometimes met a connection the server had just closed; browsers retry such a request
 * themselves. The retry sends the same token, which the server has not seen.
 */
const fetchOnceMore: typeof fetch = async (input, init) => {
  try {
    return await fetch(input, init);
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code !== "ECONNRESET" && code !== "UND_ERR_SOCKET") throw error;
    return fetch(input, init);
  }
};

/**
 * Every error an endpoint answers must be one its descriptor declares: the OpenAPI document and
 * docs/API.md list those, and clients branch on them. Each answer a test gets through a descriptor
 * is checked here, so the whole suite keeps the declarations true. A wrong method is the route's own
 * answer (405), not the endpoint's.
 */
export function declaredOrThrow(endpoint: Endpoint, status: number, body: unknown): void {
  if (status < 400 || typeof body !== "object" || body === null) return;
  const code = (body as { error?: unknown }).error;
  if (typeof code !== "string" || code === "METHOD_NOT_ALLOWED") return;
  if (!(errorCodesOf(endpoint) as string[]).includes(code)) {
    throw new Error(`${endpoint.method} ${endpoint.path} (${endpoint.id}) answered ${status} ${code}, which its descriptor does not declare in errors`);
  }
}

/**
 * HTTP helpers for API tests against a running server. `call`/`send` are the typed client on the
 * endpoint descriptors (lib/api/client.ts); `postRaw`/`rawAt` probe the HTTP surface on a
 * descriptor's path (odd bodies, forged tokens, wrong methods); `raw` and `get` take any path (pages,
 * paths no descriptor has).
 */
export function bridgeClient(baseUrl: string) {
  async function raw<T>(method: string, path: string, init: { body?: string; token?: string; headers?: Record<string, string> } = {}) {
    const request = () =>
      fetch(`${baseUrl}${path}`, {
        method,
        body: init.body,
        headers: {
          ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
          ...init.headers,
        },
      });
    // A test that blocked its event loop (spawnSync) can find a kept-alive socket the server already
    // closed; a read is retried once on a fresh connection, as browsers do for idempotent requests.
    const response = await request().catch((error: unknown) => {
      if (method === "GET" || method === "HEAD") return request();
      throw error;
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
    get: <T = Record<string, unknown>>(path: string, headers?: Record<string, string>) => raw<T>("GET", path, { headers }),
    raw,
    /** The typed client: the parsed response, or an ApiError. Signed endpoints are signed by `key`. */
    call: <E extends Endpoint>(endpoint: E, input: CallInput<E>, key?: SignedBy): Promise<ResponseOf<E>> =>
      call(endpoint, input, { baseUrl, signer: signerOf(key), fetch: fetchOnceMore }).catch((error: unknown) => {
        if (error instanceof ApiError) declaredOrThrow(endpoint, error.status, { error: error.code });
        throw error;
      }),
    /** The typed client, answering status and the unparsed wire body whatever they are (error cases, exact shapes). */
    send: async <E extends Endpoint>(endpoint: E, input: CallInput<E>, key?: SignedBy, headers?: Record<string, string>): Promise<WireAnswer> => {
      const answer = (await send(endpoint, input, { baseUrl, signer: signerOf(key), headers, fetch: fetchOnceMore })) as WireAnswer;
      declaredOrThrow(endpoint, answer.status, answer.body);
      return answer;
    },
    /**
     * HTTP-surface probes on a descriptor's path: a POST of a body its types refuse (a string goes
     * as is, anything else as JSON), signed by `key` with the descriptor's action.
     */
    postRaw: async (endpoint: Endpoint, params: PathParams | undefined, key: Hex, payload: unknown, headers?: Record<string, string>) => {
      const path = pathOf(endpoint, params);
      const body = typeof payload === "string" ? payload : JSON.stringify(payload);
      const answer = await raw<Json>("POST", path, { body, token: await signedToken(key, actionOf(endpoint), path, body), headers });
      declaredOrThrow(endpoint, answer.status, answer.body);
      return answer;
    },
    /** A request on a descriptor's path with whatever method, body and token a probe needs. */
    rawAt: async (endpoint: Endpoint, params: PathParams | undefined, method: string, init: { body?: string; token?: string; headers?: Record<string, string>; query?: string } = {}) => {
      const answer = await raw<Json>(method, `${pathOf(endpoint, params)}${init.query ?? ""}`, init);
      if (method === endpoint.method) declaredOrThrow(endpoint, answer.status, answer.body);
      return answer;
    },
  };
}
