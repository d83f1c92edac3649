/** Where the browser keeps the signed-in session (lib/api/browser-session.ts); the reading pages' script only looks whether one is there. */
export const SESSION_STORAGE_KEY = "capsule.session.v1";
