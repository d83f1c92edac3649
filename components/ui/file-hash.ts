// SHA-256 of bytes in the browser (crypto.subtle; needs a secure context: https or loopback).

export async function sha256Hex(bytes: ArrayBuffer): Promise<`0x${string}`> {
  if (typeof crypto === "undefined" || !crypto.subtle) {
    throw new Error("This browser cannot hash files here: open Capsule over https (or on this computer’s loopback address).");
  }
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return `0x${Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

export function toBase64(bytes: ArrayBuffer): string {
  const view = new Uint8Array(bytes);
  let binary = "";
  for (let i = 0; i < view.length; i += 0x8000) binary += String.fromCharCode(...view.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The evidence type a MIME type most likely is. */
export function guessEvidenceType(mimeType: string): "archived_page" | "transcript" | "document" | "media" | "data" {
  if (mimeType === "text/html") return "archived_page";
  if (/^(image|audio|video)\//.test(mimeType)) return "media";
  if (/json|csv|xml|spreadsheet|excel/.test(mimeType)) return "data";
  if (mimeType === "text/plain") return "transcript";
  return "document";
}
