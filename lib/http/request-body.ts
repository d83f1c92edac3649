import "server-only";
import { AppError } from "@/lib/errors/app-error";
import { refuseUnlessJson } from "./json-media-type";

const tooLarge = (maxBytes: number) => new AppError("PAYLOAD_TOO_LARGE", `Request body exceeds ${maxBytes} bytes`);

/** A request's or a fetched response's body with its headers. */
type WithBody = Pick<Request, "headers" | "body">;

/** The declared length alone can refuse a body before a byte of it is read. */
export function refuseDeclaredOversize(request: WithBody, maxBytes: number): void {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge(maxBytes);
}

/** Reads the body as UTF-8, at most `maxBytes` (a chunked body is stopped as soon as it passes the cap). */
export async function readBody(request: WithBody, maxBytes: number): Promise<string> {
  return utf8Text(await readBytes(request, maxBytes));
}

/**
 * Reads a request body the route wrapper parses as JSON: the size cap (413), then a body that is not
 * declared JSON is 415 (lib/http/json-media-type.ts), then UTF-8 (400). A request without a body
 * passes whatever Content-Type it names.
 */
export async function readJsonBody(request: WithBody, maxBytes: number): Promise<string> {
  const bytes = await readBytes(request, maxBytes);
  if (bytes.byteLength > 0) refuseUnlessJson(request.headers.get("content-type"));
  return utf8Text(bytes);
}

async function readBytes(request: WithBody, maxBytes: number): Promise<Uint8Array> {
  refuseDeclaredOversize(request, maxBytes);
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge(maxBytes);
      }
      chunks.push(value);
    }
  }
  const buffer = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    buffer.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return buffer;
}

function utf8Text(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new AppError("VALIDATION_ERROR", "Request body is not valid UTF-8", { issues: [{ path: "(body)", message: "invalid UTF-8" }] });
  }
}

/** A body's JSON (an empty body is `{}`); 400 VALIDATION_ERROR when it does not parse, is not valid Unicode or names a key twice in one object. */
export function parseJson(text: string): unknown {
  if (text.trim() === "") return {};
  // JSON.parse takes any depth, at about 1 µs a level: a 1 MiB body of brackets cost half a second of the event loop
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
    throw new AppError("VALIDATION_ERROR", `Request body nests deeper than ${MAX_JSON_DEPTH} levels`, {
      issues: [{ path: "(body)", message: `objects and arrays nest at most ${MAX_JSON_DEPTH} levels deep` }],
    });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError("VALIDATION_ERROR", "Request body is not valid JSON", { issues: [{ path: "(body)", message: "malformed JSON" }] });
  }
  // a body decoded from UTF-8 holds no lone surrogate, so only a \uD800–\uDFFF escape can make one
  const path = SURROGATE_ESCAPE.test(text) ? loneSurrogatePath(value) : undefined;
  if (path !== undefined) {
    const message = "a lone UTF-16 surrogate (a \\uD800–\\uDFFF escape without its pair) is not a character";
    throw new AppError("VALIDATION_ERROR", `Request body is not valid Unicode: ${path}`, { issues: [{ path, message }] });
  }
  const repeated = repeatedKeyPath(text);
  if (repeated !== undefined) {
    throw new AppError("VALIDATION_ERROR", `Request body names a key twice: ${repeated}`, {
      issues: [{ path: repeated, message: "this key appears more than once in its object; send it once" }],
    });
  }
  return value;
}

/** The deepest nesting of objects and arrays a request body may have (bodies the bridge takes nest 4 levels at most). */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether the JSON-like `text` opens more than `max` objects or arrays inside one another, read before it is parsed:
 * one pass, strings skipped with indexOf (a quote counts as closing one when an even number of backslashes precede it).
 */
function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      let end = text.indexOf('"', i + 1);
      for (;;) {
        if (end < 0) return false; // an unterminated string: JSON.parse refuses it
        let slashes = 0;
        while (text.charCodeAt(end - 1 - slashes) === 0x5c) slashes++;
        if (slashes % 2 === 0) break;
        end = text.indexOf('"', end + 1);
      }
      i = end;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return false;
}

const childPath = (path: string, key: string) => (path === "(body)" ? key : `${path}.${key}`);

/**
 * The path of the first key an object of the JSON `text` (which parsed) names twice, or undefined. JSON.parse
 * keeps a repeated key's last value, while another reader of the same bytes (a proxy's filter, the sender's
 * own log, a signature checked elsewhere) may keep its first: such a body means two things, so it is refused
 * instead of read one way. Keys compare as decoded (`"uri"` and `"\u0075ri"` are one key). One pass over
 * the text, a loop, not recursion (as deep as JSON.parse goes); strings are skipped with indexOf.
 */
function repeatedKeyPath(text: string): string | undefined {
  type Frame = { path: string; keys?: Set<string>; key?: string; index: number };
  const frames: Frame[] = [];
  const isSpace = (c: string) => c === " " || c === "\t" || c === "\n" || c === "\r";
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let end = text.indexOf('"', i + 1);
      for (;;) {
        let slashes = 0;
        while (text[end - 1 - slashes] === "\\") slashes++;
        if (slashes % 2 === 0) break;
        end = text.indexOf('"', end + 1);
      }
      const top = frames.at(-1);
      if (top?.keys) {
        let next = end + 1;
        while (isSpace(text[next] ?? "")) next++;
        if (text[next] === ":") {
          const key = JSON.parse(text.slice(i, end + 1)) as string;
          if (top.keys.has(key)) return childPath(top.path, key);
          top.keys.add(key);
          top.key = key;
        }
      }
      i = end;
    } else if (c === "{" || c === "[") {
      const top = frames.at(-1);
      const path = top === undefined ? "(body)" : childPath(top.path, top.keys ? (top.key ?? "") : String(top.index));
      frames.push(c === "{" ? { path, keys: new Set(), index: 0 } : { path, index: 0 });
    } else if (c === "}" || c === "]") {
      frames.pop();
    } else if (c === ",") {
      const top = frames.at(-1);
      if (top && !top.keys) top.index++;
    }
  }
  return undefined;
}

const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The path (as validation issues name fields: `note`, `items.0.title`) of a key or string holding a
 * lone surrogate, which JSON.parse accepts but no UTF-8 text can carry: stored, it would come back
 * as U+FFFD or fail the write. A loop, not recursion: JSON.parse takes deeper nesting than the stack.
 */
function loneSurrogatePath(value: unknown): string | undefined {
  const pending: Array<{ item: unknown; path: string }> = [{ item: value, path: "(body)" }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { item, path } = next;
    if (typeof item === "string") {
      if (LONE_SURROGATE.test(item)) return path;
    } else if (Array.isArray(item)) {
      item.forEach((entry, index) => pending.push({ item: entry, path: childPath(path, String(index)) }));
    } else if (typeof item === "object" && item !== null) {
      for (const [key, entry] of Object.entries(item)) {
        if (LONE_SURROGATE.test(key)) return childPath(path, key);
        pending.push({ item: entry, path: childPath(path, key) });
      }
    }
  }
  return undefined;
}
