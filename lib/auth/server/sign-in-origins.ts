import type { ServerEnv } from "@/lib/config/server-env";

// Which origins a Sign-In with Ethereum message may name (its `domain` and `uri`). They come from
// configuration only, never from the request's Host header: a page on evil.example can ask a wallet
// to sign a message for evil.example, and that message must not open a session here.

export type SignInOrigins = { ok: true; origins: string[]; source: "public-url" | "loopback" } | { ok: false; reason: string };

type OriginSettings = Pick<ServerEnv, "CAPSULE_PUBLIC_URL" | "CAPSULE_PUBLIC_ORIGINS" | "CAPSULE_HOST" | "CAPSULE_PORT">;

/** 127.0.0.0/8, ::1 and localhost: a server bound there is reachable from this machine only. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.trim().toLowerCase().replace(/^\[|\]$/g, "");
  return bare === "localhost" || bare === "::1" || /^127(?:\.\d{1,3}){3}$/.test(bare);
}

const originOf = (value: string) => new URL(value).origin;

export function signInOrigins(settings: OriginSettings): SignInOrigins {
  if (settings.CAPSULE_PUBLIC_URL) {
    const extra = (settings.CAPSULE_PUBLIC_ORIGINS ?? "").split(",").map((v) => v.trim()).filter(Boolean);
    return { ok: true, origins: [...new Set([settings.CAPSULE_PUBLIC_URL, ...extra].map(originOf))], source: "public-url" };
  }
  if (!isLoopbackHost(settings.CAPSULE_HOST)) {
    return {
      ok: false,
      reason:
        `Sign-in is disabled: the server listens on ${settings.CAPSULE_HOST}, which is not loopback, and CAPSULE_PUBLIC_URL is not set. ` +
        "Set CAPSULE_PUBLIC_URL to the address readers use (e.g. https://news.example.org; more in CAPSULE_PUBLIC_ORIGINS) and restart.",
    };
  }
  const port = settings.CAPSULE_PORT;
  const hosts = ["127.0.0.1", "localhost", "[::1]", settings.CAPSULE_HOST.includes(":") && !settings.CAPSULE_HOST.startsWith("[") ? `[${settings.CAPSULE_HOST}]` : settings.CAPSULE_HOST];
  return { ok: true, origins: [...new Set(hosts.map((host) => originOf(`http://${host}:${port}`)))], source: "loopback" };
}

/** The one line `npm start` prints about sign-in. */
export function describeSignIn(origins: SignInOrigins): string {
  if (!origins.ok) return origins.reason;
  const where = origins.source === "loopback" ? " (loopback only: set CAPSULE_PUBLIC_URL to serve sign-in on a public address)" : "";
  return `sign-in accepted for ${origins.origins.join(", ")}${where}`;
}
