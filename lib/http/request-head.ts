import type { IncomingHttpHeaders } from "node:http";

/**
 * What the route wrapper and its handlers read of a request: method, URL and headers. A web
 * Request is one; the process entry's fast path builds one straight from Node's message, without
 * undici's Request and its AbortSignal (a tenth of a 304's cost).
 */
export type RequestHead = { readonly method: string; readonly url: string; readonly headers: { get(name: string): string | null } };

/** A GET's head over Node's already lower-cased headers; repeated fields joined as Headers joins them. */
export function requestHeadOf(method: string, url: string, headers: IncomingHttpHeaders): RequestHead {
  return {
    method,
    url,
    headers: {
      get(name) {
        const value = headers[name.toLowerCase()];
        if (value === undefined) return null;
        return Array.isArray(value) ? value.join(", ") : value;
      },
    },
  };
}
