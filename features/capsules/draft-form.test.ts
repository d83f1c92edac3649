import { describe, expect, it } from "vitest";
import { pathOf } from "@/lib/api/request";
import { VAULT_OBJECT_PATH } from "@/lib/vault/object-route";
import { lowestAuthorRole, ROLE } from "@/lib/roles/role-catalog";
import { ZContributorItem } from "./capsules.schema";
import { CONTRIBUTOR_NAME_REQUIRED, emptyDraft, evidenceDraftOf, fieldsWithErrors, isDefaultAuthorOnly, planSave, shareTotal, validateDraft, type DraftState } from "./draft-form";

const wallet = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const other = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const hash = `0x${"ab".repeat(32)}`;

const named = (state: DraftState): DraftState => ({ ...state, contributors: state.contributors.map((c) => ({ ...c, displayName: "Ada Reporter" })) });
const filled = (patch: Partial<DraftState> = {}): DraftState => ({ ...named(emptyDraft("harbour-desk", wallet, [ROLE.JOURNALIST])), title: "Dredging", body: "It starts.", ...patch });

describe("planSave for a new draft", () => {
  it("waits for a title and a body without calling the empty fields errors", () => {
    const plan = planSave(emptyDraft("harbour-desk", wallet, [ROLE.JOURNALIST]), undefined, wallet);
    expect(plan).toEqual({ kind: "wait", reason: "A draft is saved once it has a title and a body.", errors: {} });
  });

  it("still shows other fields' problems while it waits", () => {
    const plan = planSave({ ...emptyDraft("harbour-desk", wallet, [ROLE.JOURNALIST]), sourceUrl: "harbour.example.org" }, undefined, wallet);
    expect(plan.kind).toBe("wait");
    expect(plan.errors).toEqual({ sourceUrl: "Enter an http or https URL." });
  });

  it("asks for the author's name, and meanwhile saves in full with the bridge's default contributor", () => {
    const plan = planSave({ ...emptyDraft("harbour-desk", wallet, [ROLE.JOURNALIST]), title: "Dredging", body: "It starts.", tags: "harbour, , budget" }, undefined, wallet);
    expect(plan).toEqual({
      kind: "save",
      errors: { "contributors.0.displayName": CONTRIBUTOR_NAME_REQUIRED },
      skipped: [],
      payload: {
        title: "Dredging",
        subtitle: null,
        body: "It starts.",
        category: null,
        tags: ["harbour", "budget"],
        sourceUrl: null,
        rightsNotes: null,
        featureImage: null,
        evidence: [],
        outletSlug: "harbour-desk",
        authorWallet: wallet,
        status: "draft",
      },
    });
  });

  it("leaves out a field with a problem and saves the rest", () => {
    const plan = planSave(filled({ sourceUrl: "ftp://x" }), undefined, wallet);
    expect(plan.kind).toBe("save");
    if (plan.kind !== "save") return;
    expect(plan.skipped).toEqual(["sourceUrl"]);
    expect(plan.payload).not.toHaveProperty("sourceUrl");
    expect(plan.payload.title).toBe("Dredging");
  });
});

describe("a feature image", () => {
  const image = { contentHash: hash, mimeType: "image/png", url: `/api/vault/${"ab".repeat(32)}?download=1`, alt: "" };

  it("needs alt text: without it the image waits (not saved) and the field says why in words", () => {
    const plan = planSave(filled({ featureImage: image }), "7", wallet);
    expect(plan.kind).toBe("save");
    if (plan.kind !== "save") return;
    expect(plan.skipped).toEqual(["featureImage"]);
    expect(plan.payload).not.toHaveProperty("featureImage");
    expect(plan.errors["featureImage.alt"]).toMatch(/^Describe the image in words for readers who cannot see it/);
  });

  it("is sent as its vault hash and the alt text once described; removing it sends null", () => {
    const plan = planSave(filled({ featureImage: { ...image, alt: "  The ferry at the quay  " } }), "7", wallet);
    expect(plan.kind === "save" && plan.payload.featureImage).toEqual({ contentHash: hash, alt: "  The ferry at the quay  " });
    expect(plan.errors).toEqual({});
    const removed = planSave(filled({ featureImage: null }), "7", wallet);
    expect(removed.kind === "save" && removed.payload.featureImage).toBeNull();
  });
});

describe("planSave for a saved draft", () => {
  it("skips contributors whose shares do not reach 10000, with the live total in the message", () => {
    const state = filled({
      contributors: [
        { key: "a", wallet, displayName: "Ada", role: 1, contributionType: "author", shareBps: 7000, attributionURI: "" },
        { key: "b", wallet: other, displayName: "", role: 2, contributionType: "researcher", shareBps: 2000, attributionURI: "" },
      ],
    });
    expect(shareTotal(state.contributors)).toBe(9000);
    const plan = planSave(state, "12", wallet);
    expect(plan.kind).toBe("save");
    if (plan.kind !== "save") return;
    expect(plan.skipped).toEqual(["contributors"]);
    expect(plan.errors).toEqual({
      "contributors.1.displayName": CONTRIBUTOR_NAME_REQUIRED,
      contributors: "Contributor shares must sum to exactly 10000 basis points (got 9000)",
    });
    expect(plan.payload).toMatchObject({ capsuleId: "12", title: "Dredging" });
    expect(plan.payload).not.toHaveProperty("contributors");
  });

  it("an emptied title is an error and is not sent", () => {
    const plan = planSave(filled({ title: " " }), "12", wallet);
    expect(plan.kind === "save" && plan.skipped).toEqual(["title"]);
    expect(plan.errors.title).toBe("This field is required.");
  });

  it("sends evidence only when every item is complete", () => {
    const item = { key: "e", label: "Memo", evidenceType: "document" as const, mimeType: "text/plain", contentHash: hash, uri: `/api/vault/${"ab".repeat(32)}`, isPrimary: true };
    const ok = planSave(filled({ evidence: [item] }), "12", wallet);
    expect(ok.kind === "save" && ok.payload.evidence).toEqual([{ label: "Memo", evidenceType: "document", mimeType: "text/plain", contentHash: hash, uri: `/api/vault/${"ab".repeat(32)}`, isPrimary: true }]);
    const bad = planSave(filled({ evidence: [item, { ...item, key: "f", contentHash: "", isPrimary: true }] }), "12", wallet);
    expect(bad.kind === "save" && bad.skipped).toEqual(["evidence"]);
    expect(Object.keys(bad.errors)).toContain("evidence.1.contentHash");
  });
});

describe("helpers", () => {
  it("credits the author's own row under an author role the wallet holds at the outlet", () => {
    expect(emptyDraft("d", wallet, [ROLE.EDITOR]).contributors[0]?.role).toBe(ROLE.EDITOR);
    expect(emptyDraft("d", wallet, [ROLE.EDITOR, ROLE.REPORTER]).contributors[0]?.role).toBe(ROLE.REPORTER);
    expect(lowestAuthorRole([ROLE.JOURNALIST, ROLE.EDITOR])).toBe(ROLE.JOURNALIST);
  });

  it("knows the untouched author row", () => {
    const [author] = emptyDraft("d", wallet, [ROLE.JOURNALIST]).contributors;
    expect(isDefaultAuthorOnly([author!], wallet)).toBe(true);
    expect(isDefaultAuthorOnly([{ ...author!, displayName: "Ada" }], wallet)).toBe(false);
    expect(isDefaultAuthorOnly([{ ...author!, shareBps: 5000 }], wallet)).toBe(false);
  });

  it("names the top-level fields with problems once each", () => {
    expect(fieldsWithErrors({ "evidence.0.label": "x", "evidence.1.uri": "y", title: "z" })).toEqual(["evidence", "title"]);
  });

  it("validates a complete draft as the route would", () => {
    expect(validateDraft(filled(), undefined, wallet)).toEqual({ ok: true, errors: {} });
  });

  it("requires every contributor's name, a blank or spaced-out one too, and says why", () => {
    for (const displayName of ["", "   "]) {
      const state = filled({ contributors: [{ key: "a", wallet, displayName, role: 1, contributionType: "author", shareBps: 10_000, attributionURI: "" }] });
      expect(validateDraft(state, "12", wallet)).toEqual({ ok: false, errors: { "contributors.0.displayName": CONTRIBUTOR_NAME_REQUIRED } });
      // the bridge's own schema refuses it too (a 400 VALIDATION answer)
      expect(ZContributorItem.safeParse({ wallet, displayName, role: 1, contributionType: "author", shareBps: 10_000 }).success).toBe(false);
    }
  });
});

describe("saved evidence coming back into the form", () => {
  const saved = { label: "Council minutes", evidenceType: "document" as const, mimeType: "application/pdf", contentHash: hash, isPrimary: true };

  it("keeps a file stored in the vault a file after a reload: address and hash locked, not a link to fetch", () => {
    const uri = pathOf({ path: VAULT_OBJECT_PATH }, { objectId: "ab".repeat(32) });
    const item = evidenceDraftOf({ ...saved, uri });
    expect(item.fileName).toBe("Council minutes");
    expect(item.uri).toBe(uri);
  });

  it("keeps a link a link", () => {
    expect(evidenceDraftOf({ ...saved, uri: "https://council.example.org/minutes.pdf" }).fileName).toBeUndefined();
  });
});
