import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { parseEther } from "viem";
import { LockRule } from "./lock-rule";

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/&#x27;/g, "'").replace(/\s+/g, " ").trim();

describe("the bond's lock line", () => {
  it("tells a wallet without roles that nothing is locked, without the rule for roles it does not hold", () => {
    const said = text(renderToStaticMarkup(createElement(LockRule, { withoutRoles: true, lock: 0n })));
    expect(said).toBe("You hold no role yet, so nothing is locked: all of your bond can be withdrawn. Once you hold a role, the bond it requires stays locked for as long as you hold it.");
    expect(said).not.toMatch(/bridge|largest requirement/);
  });

  it("states the rule and the lock once the wallet holds roles (or while they are read, or when the chain locks some)", () => {
    expect(text(renderToStaticMarkup(createElement(LockRule, { withoutRoles: false, lock: parseEther("250") })))).toContain("largest requirement among them (not their sum). Your bonded roles call for 250 CAP to be locked.");
    expect(text(renderToStaticMarkup(createElement(LockRule, { withoutRoles: false, lock: 0n })))).toContain("The lock rule:");
  });
});
