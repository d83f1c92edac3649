// The path a vault object is served at. The vault feature's descriptor declares it; the Markdown
// pipeline and the browser client recognise and build vault links with it, and may not import a feature.
export const VAULT_OBJECT_PATH = "/api/vault/:objectId";
