import { describe, expect, it } from "vitest";
import { islandPropsJson } from "./island-props";

describe("islandPropsJson", () => {
  it("cannot close its <script> element, whatever the article says, and reads back unchanged", () => {
    const props = { body: "Before </script><script>alert(1)</script> <!-- after --> \u2028\u2029 end", items: [{ label: "</SCRIPT >" }] };
    const json = islandPropsJson(props);
    expect(json).not.toMatch(/<\/?script/i);
    expect(json).not.toContain("<");
    expect(json).not.toMatch(/[\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(props);
  });
});
