import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/api-client";
import { failedWithNothing, RefreshFailed, type ReadState } from "@/components/ui/refresh-failed";

const READ_AT = Date.UTC(2026, 11, 4, 16, 5, 9);
const read = (patch: Partial<ReadState>): ReadState => ({ isError: false, data: undefined, error: null, dataUpdatedAt: 0, refetch: () => undefined, ...patch });
// the notice as read: its text without the markup
const notice = (state: ReadState, keeps?: string) => renderToStaticMarkup(createElement(RefreshFailed, { what: "The capsule", read: state, keeps })).replace(/<[^>]+>/g, "");
const unavailable = new ApiError("UNAVAILABLE", "The server is busy; try again shortly.", 503);

// A poll, a push or a reconnect that fails must not take the page (and what the visitor is doing in it) away:
// only a read with nothing to show is replaced by its error.
describe("a read whose refresh failed", () => {
  it("is replaced by its error only when nothing was read before", () => {
    expect(failedWithNothing(read({ isError: true, error: unavailable }))).toBe(true);
    expect(failedWithNothing(read({ isError: true, error: unavailable, data: { capsule: {} }, dataUpdatedAt: READ_AT }))).toBe(false);
    expect(failedWithNothing(read({ data: { capsule: {} } }))).toBe(false);
    expect(failedWithNothing(read({}))).toBe(false);
  });

  it("keeps what was read under a notice that says when it was read, why it is not newer, and offers another try", () => {
    const html = notice(read({ isError: true, error: unavailable, data: { capsule: {} }, dataUpdatedAt: READ_AT }));
    expect(html).toContain("The capsule could not be refreshed");
    expect(html).toContain("this shows what was read at 4 Dec 2026");
    expect(html).toContain("The server is busy; try again shortly.");
    expect(html).toContain("Try again");
  });

  it("says what stays instead of a time when the caller says so", () => {
    const html = notice(read({ isError: true, error: unavailable, data: {}, dataUpdatedAt: READ_AT }), "What you write stays in the editor.");
    expect(html).toContain("The capsule could not be refreshed. What you write stays in the editor.");
    expect(html).not.toContain("was read at");
  });

  it("offers no other try for an answer that would only repeat (a 404)", () => {
    const gone = new ApiError("NOT_FOUND", "No capsule 7.", 404);
    const html = notice(read({ isError: true, error: gone, data: {}, dataUpdatedAt: READ_AT }));
    expect(html).toContain("No capsule 7.");
    expect(html).not.toContain("Try again");
  });

  it("shows nothing while the read is fine or has nothing to keep", () => {
    expect(notice(read({ data: {}, dataUpdatedAt: READ_AT }))).toBe("");
    expect(notice(read({ isError: true, error: unavailable }))).toBe("");
  });
});
