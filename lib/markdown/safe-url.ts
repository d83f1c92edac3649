import { VAULT_OBJECT_PATH } from "@/lib/vault/object-route";
import { pathOf } from "@/lib/api/request";
import { vaultDownloadPath } from "@/lib/api/vault-path";

// Which URLs an article may point at. Links: absolute http(s) only, plus the in-page footnote
// anchors the pipeline itself writes. Images: only objects in this site's vault, so reading an
// article never makes the reader's browser fetch from a third party (tracking pixels, hotlinks).

/** The URL when it is an absolute http(s) URL; anything else (javascript:, data:, relative) is refused. */
export function safeHref(raw: string): string | undefined {
  try {
    const url = new URL(raw.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

const VAULT_ID = /^[0-9a-f]{64}$/;
const LOCAL = "http://capsule.invalid";

/**
 * The vault download path (`/api/vault/<sha256>?download=1`) when `raw` names a vault object of this
 * site (a root-relative path, with or without `?download=1`); anything else is not a vault image.
 */
export function vaultImageSrc(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw.trim(), LOCAL);
  } catch {
    return undefined;
  }
  if (url.origin !== LOCAL || !raw.trim().startsWith("/")) return undefined;
  const prefix = pathOf({ path: VAULT_OBJECT_PATH }, { objectId: "" });
  if (!url.pathname.startsWith(prefix)) return undefined;
  const objectId = url.pathname.slice(prefix.length).toLowerCase();
  if (!VAULT_ID.test(objectId)) return undefined;
  return vaultDownloadPath(objectId);
}
