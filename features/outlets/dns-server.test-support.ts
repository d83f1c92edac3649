import dns2 from "dns2";

const { Packet } = dns2;

/** What the loopback DNS server answers for a name: TXT values and A addresses (none: NOERROR, no answers), or silence. */
export type DnsBehaviour = { txt?: string[]; a?: string[] } | "silent";

/**
 * A real DNS server (UDP, 127.0.0.1, port chosen by the OS) whose answers the test sets per name.
 * Unknown names get NXDOMAIN.
 */
export async function startTestDns() {
  const zone = new Map<string, DnsBehaviour>();
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const question = request.questions[0];
      const name = question?.name.toLowerCase().replace(/\.$/, "") ?? "";
      const behaviour = zone.get(name);
      if (behaviour === "silent") return; // never answers: the resolver must time out
      const response = Packet.createResponseFromRequest(request);
      if (!behaviour) {
        response.header.rcode = 3; // NXDOMAIN
      } else if (question && question.type === Packet.TYPE.TXT) {
        for (const value of behaviour.txt ?? []) {
          response.answers.push({ name: question.name, type: Packet.TYPE.TXT!, class: Packet.CLASS.IN!, ttl: 1, data: value });
        }
      } else if (question && question.type === Packet.TYPE.A) {
        for (const address of behaviour.a ?? []) {
          response.answers.push({ name: question.name, type: Packet.TYPE.A!, class: Packet.CLASS.IN!, ttl: 1, address });
        }
      }
      send(response);
    },
  });
  server.on("error", () => undefined).on("requestError", () => undefined);
  const addresses = await server.listen({ udp: { port: 0, address: "127.0.0.1" } });
  const port = addresses.udp?.port;
  if (!port) throw new Error("the test DNS server did not bind");
  return {
    server: `127.0.0.1:${port}`,
    set: (name: string, behaviour: DnsBehaviour) => zone.set(name.toLowerCase(), behaviour),
    clear: (name: string) => zone.delete(name.toLowerCase()),
    close: () => server.close(),
  };
}
