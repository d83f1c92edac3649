import { AppError } from "@/lib/errors/app-error";

// Which Content-Type a body the route wrapper reads may have: JSON, in UTF-8. Every /api route takes
// JSON (files travel base64-encoded inside it, POST /api/vault/upload), so a body declared as
// anything else is refused instead of parsed anyway. A browser sends text/plain, form and multipart
// bodies across origins without asking first (a CORS "simple request"); JSON it must ask for.

const TOKEN = /^[a-z0-9!#$&^_.+-]+$/;

/** `application/json` or a structured `application/<name>+json`, compared without case. */
function isJsonType(essence: string): boolean {
  if (essence === "application/json") return true;
  const suffixed = /^application\/(.+)\+json$/.exec(essence);
  return suffixed !== null && TOKEN.test(suffixed[1]!);
}

/** The type as the message may repeat it: a well-formed media type, else a word for it. */
const named = (essence: string) => (/^[a-z0-9!#$&^_.+-]{1,64}\/[a-z0-9!#$&^_.+-]{1,64}$/.test(essence) ? essence : "a malformed type");

/** 415 UNSUPPORTED_MEDIA_TYPE unless `contentType` names JSON, with no charset or UTF-8. */
export function refuseUnlessJson(contentType: string | null): void {
  const [essence = "", ...parameters] = (contentType ?? "").split(";").map((part) => part.trim());
  const type = essence.toLowerCase();
  if (!isJsonType(type)) {
    const got = type === "" ? "no Content-Type" : named(type);
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", `The request body must be JSON: send it with Content-Type: application/json (this one had ${got})`);
  }
  for (const parameter of parameters) {
    const [name = "", value = ""] = parameter.split("=", 2).map((part) => part.trim().toLowerCase());
    const charset = value.replace(/^"(.*)"$/, "$1");
    if (name === "charset" && charset !== "utf-8" && charset !== "utf8") {
      throw new AppError("UNSUPPORTED_MEDIA_TYPE", "JSON bodies are read as UTF-8: send Content-Type: application/json without a charset or with charset=utf-8");
    }
  }
}
