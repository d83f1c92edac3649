// Parses CAPSULE_DNS_SERVERS ("1.1.1.1, 127.0.0.1:5353, [::1]:53") into the form
// node's Resolver#setServers takes. Empty or unset means the system resolver's servers.
export function parseDnsServers(value: string | undefined): string[] {
  if (!value) return [];
  return value
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
}
