import { describe, expect, it } from "vitest";
import { parseError } from "./api-client";

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
