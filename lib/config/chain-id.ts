// The one chain id Capsule runs on: sign-in messages, signed-action tokens and the browser's wallet config name it,
// and the configuration accepts no other (lib/config/server-env.ts). 77117002 is 0x498b64a.
export const CAPSULE_CHAIN_ID = 77117002;
