import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The outlet forms (register an outlet, the DNS check, grant a role, revoke a role or withdraw an offer)
// tell an error one way: a refusal of the whole form is an AlertLine (components/ui/form-message.tsx),
// a field's problem sits under its field (components/ui/field.tsx). They used to say it three ways: red
// paragraphs of their own, a red box, and a select's hand-made message.

const root = path.resolve(import.meta.dirname, "..", "..");
const dir = path.join(root, "components", "outlets");
const forms = fs.readdirSync(dir).filter((name) => name.endsWith(".tsx"));

describe("outlet forms' errors", () => {
  it("finds the outlet forms", () => {
    expect(forms).toEqual(expect.arrayContaining(["register-outlet-form.tsx", "grant-role-form.tsx", "members-panel.tsx", "verification-panel.tsx"]));
  });

  for (const name of forms) {
    it(`${name} writes no alert or red error text of its own`, () => {
      const source = fs.readFileSync(path.join(dir, name), "utf8");
      // role="alertdialog" (a confirmation) is not an error message
      expect(source.match(/role="alert"/g) ?? [], `${name}: use AlertLine or ErrorNotice`).toEqual([]);
      // a paragraph or span styled red is a hand-made error message
      expect(source.match(/<(p|span)\b[^>]*\btext-red-\d+/g) ?? [], `${name}: errors under a field come from components/ui/field.tsx`).toEqual([]);
      expect(source.match(/<select\b/g) ?? [], `${name}: a select with its error is SelectField`).toEqual([]);
    });
  }
});
