import { z } from "zod";

// Every address the service stores and may later put in a link (outlet metadataURI, evidence and
// reply evidence, contributors' attribution, a revision's change summary, an article's source, an
// ad's click URL) passes one check (issue 25 item 5): its scheme is https:, http:, ipfs: or ar:, or
// it is this service's own vault address. Anything else (javascript:, data:, vbscript:, file:, …)
// is a 400 VALIDATION_ERROR naming the field. Pages render a stored value as a link only when it
// still passes (linkableUri), so rows stored before the check are shown as plain text.

export { STORED_URI_SCHEMES, type StoredUriScheme, storedUriKind, linkableUri, shownUri } from "./uri-kind";
import { STORED_URI_SCHEMES, type StoredUriScheme, storedUriKind } from "./uri-kind";

function uriOf(schemes: readonly StoredUriScheme[], vault: boolean, message: string) {
  return z
    .string()
    .trim()
    .min(1)
    .max(2048)
    .refine((value) => {
      const kind = storedUriKind(value);
      return kind === "vault" ? vault : kind !== undefined && schemes.includes(kind);
    }, message);
}

/** A stored URI: https:, http:, ipfs:, ar: or this service's vault address. */
export const ZStoredUri = uriOf(STORED_URI_SCHEMES, true, "a URI starting with https://, http://, ipfs://, ar:// or a vault address (/api/vault/<id>)");

/** A stored URI that must be a web page (an article's source, an ad's click target): https: or http: only. */
export const ZWebUrl = uriOf(["https:", "http:"], false, "an http or https URL");
