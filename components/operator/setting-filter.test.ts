import { describe, expect, it } from "vitest";
import { settingsMatching } from "./setting-filter";

const keys = [
  { name: "CAPSULE_PORT", description: "web server port", set: true },
  { name: "CAPSULE_DNS_TIMEOUT_MS", description: "DNS lookup timeout", set: false },
  { name: "CAPSULE_HTTP_REQUEST_TIMEOUT_MS", description: "time a client has to send a whole request", set: false },
];

describe("settingsMatching", () => {
  it("keeps every setting when nothing is asked", () => {
    expect(settingsMatching(keys, { query: "  ", onlySet: false })).toEqual(keys);
  });

  it("matches words of the name or the description in any order, case aside", () => {
    expect(settingsMatching(keys, { query: "timeout dns", onlySet: false }).map((key) => key.name)).toEqual(["CAPSULE_DNS_TIMEOUT_MS"]);
    expect(settingsMatching(keys, { query: "Timeout", onlySet: false }).map((key) => key.name)).toEqual(["CAPSULE_DNS_TIMEOUT_MS", "CAPSULE_HTTP_REQUEST_TIMEOUT_MS"]);
    expect(settingsMatching(keys, { query: "whole client", onlySet: false }).map((key) => key.name)).toEqual(["CAPSULE_HTTP_REQUEST_TIMEOUT_MS"]);
  });

  it("keeps only the settings given in the environment when asked", () => {
    expect(settingsMatching(keys, { query: "", onlySet: true }).map((key) => key.name)).toEqual(["CAPSULE_PORT"]);
    expect(settingsMatching(keys, { query: "timeout", onlySet: true })).toEqual([]);
  });
});
