import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error";
import { refuseUnlessJson } from "./json-media-type";

const codeOf = (contentType: string | null) => {
  try {
    refuseUnlessJson(contentType);
    return "accepted";
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
};

describe("the Content-Type a JSON body may have", () => {
  it.each(["application/json", " Application/JSON ", "application/json; charset=utf-8", 'application/json;charset="UTF-8"', "application/json; charset=utf8", "application/vnd.api+json", "application/problem+json; charset=utf-8"])(
    "accepts %j",
    (type) => expect(codeOf(type)).toBe("accepted"),
  );

  it.each([null, "", "text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "text/json", "application/jsonp", "application/+json", "application/json; charset=latin1", "json"])(
    "refuses %j with 415",
    (type) => expect(codeOf(type)).toBe("UNSUPPORTED_MEDIA_TYPE"),
  );

  it("names the type it refused only when it is a well-formed media type", () => {
    expect(() => refuseUnlessJson("text/plain")).toThrow(/this one had text\/plain\)/);
    expect(() => refuseUnlessJson("<script>/x")).toThrow(/this one had a malformed type\)/);
    expect(() => refuseUnlessJson(null)).toThrow(/this one had no Content-Type\)/);
  });
});
