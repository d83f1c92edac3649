import { describe, expect, it } from "vitest";
import { trustedAtSubmitWords } from "./trusted-at-submit";

describe("the desk's trusted-publisher line", () => {
  it("tells a new outlet's journalist in plain words what it is not yet, and how an outlet becomes one", () => {
    const words = trustedAtSubmitWords(false);
    expect(words).toBe(
      "Its outlet was not yet a trusted publisher when this was submitted: an outlet becomes one once enough of its articles are accepted by vote and none is labelled misleading or fraudulent in the last year.",
    );
    // the tier's name is jargon here; the distribution page the line links to names the tiers
    expect(words).not.toMatch(/Elevated|tier/i);
  });

  it("says the outlet was one, without tier names", () => {
    expect(trustedAtSubmitWords(true)).toBe("Its outlet was a trusted publisher when this was submitted.");
  });
});
