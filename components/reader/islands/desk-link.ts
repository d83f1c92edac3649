import { SESSION_STORAGE_KEY } from "@/lib/api/session-storage-key";

/**
 * The reading pages' header links to the newsroom as "Sign in": the server cannot know who is signed in.
 * In a browser that holds an unexpired session (the desk keeps it in localStorage) the link says "Your
 * desk" instead, so a signed-in journalist is not asked to sign in again.
 */
export function enhanceDeskLink(doc: Document, storage: Pick<Storage, "getItem">, nowSeconds: number): void {
  const link = doc.querySelector<HTMLAnchorElement>('[data-testid="reader-sign-in"]');
  if (!link || !hasSession(storage, nowSeconds)) return;
  link.textContent = "Your desk";
}

function hasSession(storage: Pick<Storage, "getItem">, nowSeconds: number): boolean {
  try {
    const stored = JSON.parse(storage.getItem(SESSION_STORAGE_KEY) ?? "null") as { expiresAt?: unknown } | null;
    return typeof stored?.expiresAt === "number" && stored.expiresAt > nowSeconds;
  } catch {
    return false;
  }
}
