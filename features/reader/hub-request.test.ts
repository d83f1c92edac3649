import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error";
import { parseHubRequest } from "./subscribe";

// A hub request is a form anyone may post: whatever its URLs look like, the answer is a 400 naming the field.
const form = (fields: Record<string, string>) => new URLSearchParams({ "hub.mode": "subscribe", "hub.topic": "http://127.0.0.1:3000/feed.xml", "hub.callback": "https://sub.example.org/cb", ...fields });

function refusal(fields: Record<string, string>): { code: string; paths: string[] } {
  try {
    parseHubRequest(form(fields));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const issues = error.issues ?? [];
    return { code: error.code, paths: issues.map((i) => i.path) };
  }
  return { code: "accepted", paths: [] };
}

describe("hub requests", () => {
  it("refuses topics and callbacks that are not URLs as a validation error naming the field", () => {
    expect(refusal({ "hub.topic": "notaurl" })).toEqual({ code: "VALIDATION_ERROR", paths: ["hub.topic"] });
    for (const callback of ["http://[", "http://a%20b/", "http:// x/", "http://[fe80::1%25lo]/", "notaurl", ""]) {
      expect(refusal({ "hub.callback": callback }), callback).toEqual({ code: "VALIDATION_ERROR", paths: ["hub.callback"] });
    }
  });

  it("refuses other schemes and credentials, and accepts a plain https callback", () => {
    expect(refusal({ "hub.callback": "ftp://sub.example.org/cb" }).paths).toEqual(["hub.callback"]);
    expect(refusal({ "hub.callback": "https://user:pw@sub.example.org/cb" }).paths).toEqual(["hub.callback"]);
    expect(refusal({})).toEqual({ code: "accepted", paths: [] });
  });

  it("takes a lease in plain decimal seconds only, within its range", () => {
    expect(parseHubRequest(form({ "hub.lease_seconds": "3600" }))["hub.lease_seconds"]).toBe(3600);
    for (const lease of ["1e3", "+3600", "0x1000", "03600", " 3600", "3600.0", "59", "2592001", "9007199254740993"]) {
      expect(refusal({ "hub.lease_seconds": lease }), lease).toEqual({ code: "VALIDATION_ERROR", paths: ["hub.lease_seconds"] });
    }
  });
});
