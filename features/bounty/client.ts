import type { z } from "zod";
import {
  bountyErrorBodySchema,
  bountyEvaluationPageSchema,
  bountyHealthSchema,
  bountyProposalPageSchema,
  type BountyEvaluationPage,
  type BountyHealth,
  type BountyProposalPage,
} from "@/features/bounty/bounty.schema";

// Typed client of the bounty read service. The service listens on loopback (internal), so call this
// from server code (a server component or route handler), not from the browser.

export const DEFAULT_BOUNTY_API_URL = "http://127.0.0.1:46331";

export type BountyClientOptions = {
  /** Defaults to BOUNTY_API_URL, else http://127.0.0.1:46331. */
  baseUrl?: string;
  signal?: AbortSignal;
  fetch?: typeof fetch;
};
export type BountyPageParams = { limit?: number; offset?: number };

/** A non-2xx answer (code from the service's error body) or an answer that does not fit the schema. */
export class BountyClientError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = "BountyClientError";
    this.status = status;
    this.code = code;
  }
}

function baseUrlOf(options: BountyClientOptions): string {
  const env = typeof process !== "undefined" ? process.env.BOUNTY_API_URL : undefined;
  return (options.baseUrl ?? env ?? DEFAULT_BOUNTY_API_URL).replace(/\/+$/, "");
}

async function getJson<T extends z.ZodType>(
  path: string,
  query: Record<string, string | number | undefined>,
  schema: T,
  options: BountyClientOptions,
): Promise<z.infer<T>> {
  const url = new URL(baseUrlOf(options) + path);
  for (const [key, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(key, String(value));
  const response = await (options.fetch ?? fetch)(url, { headers: { accept: "application/json" }, signal: options.signal, cache: "no-store" });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = bountyErrorBodySchema.safeParse(body);
    const code = error.success ? error.data.error.code : "http_error";
    throw new BountyClientError(response.status, code, `bounty service answered ${response.status} (${code}) for ${path}`);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new BountyClientError(response.status, "invalid_response", `bounty service sent an unexpected body for ${path}`);
  return parsed.data;
}

// GET /v1/bounty-proposals
export function fetchBountyProposals(params: BountyPageParams = {}, options: BountyClientOptions = {}): Promise<BountyProposalPage> {
  return getJson("/v1/bounty-proposals", { limit: params.limit, offset: params.offset }, bountyProposalPageSchema, options);
}

// GET /v1/bounty-evaluations
export function fetchBountyEvaluations(
  params: BountyPageParams & { proposalId?: string } = {},
  options: BountyClientOptions = {},
): Promise<BountyEvaluationPage> {
  return getJson(
    "/v1/bounty-evaluations",
    { limit: params.limit, offset: params.offset, proposalId: params.proposalId },
    bountyEvaluationPageSchema,
    options,
  );
}

// GET /health
export function fetchBountyHealth(options: BountyClientOptions = {}): Promise<BountyHealth> {
  return getJson("/health", {}, bountyHealthSchema, options);
}
