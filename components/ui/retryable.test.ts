import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/api-client";
import { isRetryable } from "./retryable";

describe("isRetryable", () => {
  it("offers a retry for failures that may pass: no answer, a server failure, a timeout, a rate limit", () => {
    expect(isRetryable(new TypeError("Failed to fetch"))).toBe(true);
    expect(isRetryable(new ApiError("INTERNAL", "boom", 500))).toBe(true);
    expect(isRetryable(new ApiError("HTTP_ERROR", "bad gateway", 502))).toBe(true);
    expect(isRetryable(new ApiError("TIMEOUT", "slow", 408))).toBe(true);
    expect(isRetryable(new ApiError("RATE_LIMITED", "slow down", 429))).toBe(true);
  });

  it("offers none for an answer that asking again would only repeat", () => {
    expect(isRetryable(new ApiError("CAPSULE_NOT_FOUND", "No capsule with id 999", 404))).toBe(false);
    expect(isRetryable(new ApiError("VALIDATION", "bad id", 400))).toBe(false);
    expect(isRetryable(new ApiError("FORBIDDEN", "no", 403))).toBe(false);
    expect(isRetryable(new ApiError("UNAUTHORIZED", "sign in", 401))).toBe(false);
  });
});
