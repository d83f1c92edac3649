import type { Endpoint } from "@/lib/endpoints/define";
import type { RequestHead } from "@/lib/http/request-head";
import { parseInput, pathParams, queryObject } from "@/lib/http/parse-input";
import { parseJson } from "@/lib/http/request-body";

// Stage 2: path parameters, query and body through the descriptor's schemas (400 VALIDATION_ERROR naming the field).

export type Parsed = { params: unknown; query: unknown; body: unknown };

export function parseRequest(endpoint: Endpoint, request: Request | RequestHead, rawParams: Record<string, string | string[] | undefined>, rawBody: string): Parsed {
  return {
    params: endpoint.params ? parseInput(endpoint.params, pathParams(rawParams), "input") : undefined,
    query: endpoint.query ? parseInput(endpoint.query, queryObject(new URL(request.url).searchParams), "query") : undefined,
    body: endpoint.body ? parseInput(endpoint.body, parseJson(rawBody), "body") : undefined,
  };
}
