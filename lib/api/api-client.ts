import type { z } from "zod";

// Browser-side calls to the bridge: parse the seed's error body into a readable ApiError.
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly issues: Array<{ path: string; message: string }>;
  constructor(code: string, message: string, status: number, issues: Array<{ path: string; message: string }> = []) {
    super(message);
    this.code = code;
    this.status = status;
    this.issues = issues;
  }
}

async function parseError(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as { error?: unknown; message?: unknown; issues?: unknown };
    const code = typeof body.error === "string" ? body.error : "HTTP_ERROR";
    const message = typeof body.message === "string" ? body.message : `The server answered ${response.status}`;
    const issues = Array.isArray(body.issues) ? (body.issues as Array<{ path: string; message: string }>) : [];
    return new ApiError(code, message, response.status, issues);
  } catch {
    return new ApiError("HTTP_ERROR", `The server answered ${response.status}`, response.status);
  }
}

export async function getJson<T extends z.ZodType>(path: string, schema: T, init?: RequestInit): Promise<z.infer<T>> {
  let response: Response;
  try {
    response = await fetch(path, { ...init, headers: { accept: "application/json", ...init?.headers } });
  } catch {
    throw new ApiError("NETWORK_ERROR", "Could not reach the Capsule server. Check your connection and try again.", 0);
  }
  if (!response.ok) throw await parseError(response);
  return schema.parse(await response.json());
}

export async function postJson<T extends z.ZodType>(path: string, body: string, schema: T, token?: string): Promise<z.infer<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      body,
      headers: { "content-type": "application/json", accept: "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  } catch {
    throw new ApiError("NETWORK_ERROR", "Could not reach the Capsule server. Check your connection and try again.", 0);
  }
  if (!response.ok) throw await parseError(response);
  return schema.parse(await response.json());
}
