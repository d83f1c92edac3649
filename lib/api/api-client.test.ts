import { describe, expect, it } from "vitest";
import { apiErrorInWords, parseError } from "./api-client";

// A failed answer becomes an ApiError whose message a page shows as it is (ErrorNotice, the autosave status): the
// bridge's own error body gives its words; a gateway's HTML page in front of a stopped server must give words too.

describe("parseError", () => {
  it("keeps the bridge's code, message, issues and extra fields", async () => {
    const response = new Response(JSON.stringify({ ok: false, error: "INSUFFICIENT_BOND", message: "Deposit more", statusCode: 403, bondRequired: "5" }), { status: 403 });
    const error = await parseError(response);
    expect([error.code, error.message, error.status, error.details]).toEqual(["INSUFFICIENT_BOND", "Deposit more", 403, { bondRequired: "5" }]);
  });

  it("says in words that the server is not answering when a gateway answers 502, 503 or 504 with its own page", async () => {
    for (const status of [502, 503, 504]) {
      const error = await parseError(new Response("<html><body><h1>502 Bad Gateway</h1></body></html>", { status, headers: { "content-type": "text/html" } }));
      expect(error.status).toBe(status);
      expect(error.message).toBe(`The Capsule server is not answering right now (HTTP ${status}); it may be restarting. Try again in a minute.`);
    }
  });

  it("says a server failure without the bridge's body is the server's, and whom to tell when it lasts", async () => {
    const error = await parseError(new Response("Internal Server Error", { status: 500 }));
    expect(error.message).toBe("The Capsule server failed while answering (HTTP 500). Try again in a moment; if it keeps failing, tell the site’s operator.");
    const empty = await parseError(new Response(JSON.stringify({}), { status: 500 }));
    expect(empty.message).toBe("The Capsule server failed while answering (HTTP 500). Try again in a moment; if it keeps failing, tell the site’s operator.");
  });
});

describe("apiErrorInWords", () => {
  it("says a rate limit in words with the wait the answer gave, not the limiter's rule", async () => {
    const body = { ok: false, error: "RATE_LIMITED", message: "Rate limit exceeded: 100 requests per 60 s (bridge-get)", statusCode: 429, retryAfter: 42 };
    const error = await parseError(new Response(JSON.stringify(body), { status: 429 }));
    expect(apiErrorInWords(error)).toBe("Too many requests: the server limits how often one address or wallet may ask. Try again in 42 seconds.");
    const once = await parseError(new Response(JSON.stringify({ ...body, retryAfter: 1 }), { status: 429 }));
    expect(apiErrorInWords(once)).toMatch(/Try again in 1 second\.$/);
    const unsaid = await parseError(new Response(JSON.stringify({ ...body, retryAfter: undefined }), { status: 429 }));
    expect(apiErrorInWords(unsaid)).toMatch(/Try again in a minute\.$/);
  });

  it("says a wait of an hourly limit in minutes", async () => {
    const body = { ok: false, error: "RATE_LIMITED", message: "Rate limit exceeded: 5 requests per 3600 s (capsule-submit)", statusCode: 429, retryAfter: 1500 };
    const error = await parseError(new Response(JSON.stringify(body), { status: 429 }));
    expect(apiErrorInWords(error)).toBe("Too many requests: the server limits how often one address or wallet may ask. Try again in 25 minutes.");
  });

  it("keeps the bridge's own message for every other failure", async () => {
    const error = await parseError(new Response(JSON.stringify({ ok: false, error: "NOT_FOUND", message: "No capsule 9", statusCode: 404 }), { status: 404 }));
    expect(apiErrorInWords(error)).toBe("No capsule 9");
  });
});
