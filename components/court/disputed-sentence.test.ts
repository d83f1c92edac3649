import { describe, expect, it } from "vitest";
import { disputedSentence } from "@/components/court/disputed-sentence";

describe("the jury card's Disputed line", () => {
  it("ends once when the quoted passage ends its own sentence", () => {
    expect(disputedSentence(["the passage quoted above, “The budget rose by forty percent this year.”"])).toBe("Disputed: the passage quoted above, “The budget rose by forty percent this year.”");
  });

  it("adds the full stop after a quote that does not end a sentence", () => {
    expect(disputedSentence(["Claim 1, “2.1 million containers”"])).toBe("Disputed: Claim 1, “2.1 million containers”.");
    expect(disputedSentence(["The article as a whole"])).toBe("Disputed: The article as a whole.");
  });
});
