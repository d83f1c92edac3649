import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TrustedPublisherNote } from "@/components/reader/trusted-publisher";

describe("the reader's trusted-publisher line", () => {
  it("says what it means in plain words and links to how tiers work", () => {
    const html = renderToStaticMarkup(createElement(TrustedPublisherNote));
    expect(html).toContain(">Trusted publisher when submitted</a>");
    expect(html).toContain('href="/distribution"');
    const title = html.match(/title="([^"]*)"/)?.[1] ?? "";
    expect(title).toContain("Elevated or Premium tier");
    expect(title).not.toMatch(/block|distribution tier|chain|RPC/i);
  });
});
