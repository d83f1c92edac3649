import { describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { base32Lower, canonicalJson, cidV1FromSha256, cidV1Raw, contentHashOf, metadataUriOf, sha256OfCid } from "./content-id";

describe("content commitments", () => {
  it("hashes the body's UTF-8 bytes with SHA-256 as 0x-hex", () => {
    expect(contentHashOf("")).toBe("0xe3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(contentHashOf("abc")).toBe("0xba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(contentHashOf("é")).toBe(contentHashOf("\u00e9"));
    expect(contentHashOf("é")).not.toBe(contentHashOf("e\u0301"));
  });

  it("encodes base32 as RFC 4648 lower case without padding", () => {
    const vectors: Array<[string, string]> = [["", ""], ["f", "my"], ["fo", "mzxq"], ["foo", "mzxw6"], ["foob", "mzxw6yq"], ["fooba", "mzxw6ytb"], ["foobar", "mzxw6ytboi"]];
    for (const [input, output] of vectors) expect(base32Lower(Buffer.from(input))).toBe(output);
  });

  it("builds CIDv1 raw sha2-256 identifiers that match IPFS", () => {
    expect(cidV1Raw(new Uint8Array())).toBe("bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku");
    expect(cidV1Raw(Buffer.from("hello world"))).toBe("bafkreifzjut3te2nhyekklss27nh3k72ysco7y32koao5eei66wof36n5e");
  });

  it("serialises metadata canonically (sorted keys, no whitespace, undefined dropped)", () => {
    expect(canonicalJson({ b: 1, a: [{ d: "x", c: null }], e: undefined })).toBe('{"a":[{"c":null,"d":"x"}],"b":1}');
    expect(metadataUriOf({ a: 1, b: 2 })).toBe(metadataUriOf({ b: 2, a: 1 }));
    expect(metadataUriOf({ a: 1 })).toBe(`ipfs://${cidV1Raw(Buffer.from('{"a":1}'))}`);
    expect(metadataUriOf({ a: 1 })).toMatch(/^ipfs:\/\/bafkrei[a-z2-7]{52}$/);
  });

  it("reads the SHA-256 back out of a raw CIDv1, and refuses other CIDs", () => {
    const digest = createHash("sha256").update("hello world").digest("hex");
    expect(sha256OfCid("bafkreifzjut3te2nhyekklss27nh3k72ysco7y32koao5eei66wof36n5e")).toBe(digest);
    expect(cidV1FromSha256(`0x${digest}`)).toBe("bafkreifzjut3te2nhyekklss27nh3k72ysco7y32koao5eei66wof36n5e");
    // a dag-pb CIDv1 (codec 0x70) of the same digest, a truncated CID and a CIDv0 are not vault addresses
    expect(sha256OfCid("bafybeifzjut3te2nhyekklss27nh3k72ysco7y32koao5eei66wof36n5e")).toBeUndefined();
    expect(sha256OfCid("bafkreifzjut3te2nhyekklss27nh3k72ysco7y32koao5eei66wof36n")).toBeUndefined();
    expect(sha256OfCid("QmWATWQ7fVPP2EFGu71UkfnqhYXDYH566qy47CnJDgvs8u")).toBeUndefined();
  });
});
