import type { z } from "zod";
import type { BodySchemaOf, Endpoint, ParamsSchemaOf, QuerySchemaOf } from "@/lib/endpoints/define";

// Turning a descriptor and typed input into the request it describes: path (parameters encoded
// once), query string and JSON body. Shared by the client, the e2e helpers and the tests.

type Scalar = string | number | boolean;
type PathInput<S> = S extends z.ZodType ? { params: { [K in keyof z.input<S>]: string | number } } : { params?: undefined };
type QueryInput<S> = S extends z.ZodType ? { query?: { [K in keyof z.input<S>]?: Scalar | null } } : { query?: undefined };
type BodyInput<S> = S extends z.ZodType ? { body: z.input<S> } : { body?: undefined };

/** What a call needs: `params` for each `:name` of the path, `query`, and `body` when the endpoint takes one. */
export type CallInput<E extends Endpoint> = PathInput<ParamsSchemaOf<E>> & QueryInput<QuerySchemaOf<E>> & BodyInput<BodySchemaOf<E>>;

/** `/api/capsules/:id` with `{ id: 7 }` → `/api/capsules/7`; every value percent-encoded once. */
export function pathOf(endpoint: Pick<Endpoint, "path">, params: Record<string, string | number> = {}): string {
  return endpoint.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${endpoint.path} needs the path parameter "${name}"`);
    return encodeURIComponent(String(value));
  });
}

export function queryString(query: Record<string, Scalar | null | undefined> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null) search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : "";
}

export type BuiltRequest = { method: string; path: string; url: string; body: string | undefined };

export function buildRequest<E extends Endpoint>(endpoint: E, input: CallInput<E>): BuiltRequest {
  const loose = input as { params?: Record<string, string | number>; query?: Record<string, Scalar | null | undefined>; body?: unknown };
  const path = pathOf(endpoint, loose.params);
  const body = endpoint.method === "POST" ? JSON.stringify(loose.body ?? {}) : undefined;
  return { method: endpoint.method, path, url: `${path}${queryString(loose.query)}`, body };
}
