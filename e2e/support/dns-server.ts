import fs from "node:fs";
import dns2 from "dns2";

const { Packet } = dns2;

/** The records file: domain name → TXT values. Re-read on every query, so tests edit it while the stack runs. */
export type DnsRecords = Record<string, string[]>;

function readRecords(file: string): DnsRecords {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as DnsRecords;
  } catch {
    return {};
  }
}

/**
 * A UDP DNS server on 127.0.0.1 (port chosen by the OS) for e2e runs: TXT answers from the JSON
 * records file; names not in the file get NXDOMAIN.
 */
export async function startRecordsDns(recordsFile: string) {
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const question = request.questions[0];
      const name = question?.name.toLowerCase().replace(/\.$/, "") ?? "";
      const records = readRecords(recordsFile);
      const values = Object.entries(records).find(([key]) => key.toLowerCase() === name)?.[1];
      const response = Packet.createResponseFromRequest(request);
      if (!values) response.header.rcode = 3; // NXDOMAIN
      else if (question && question.type === Packet.TYPE.TXT) {
        for (const data of values) response.answers.push({ name: question.name, type: Packet.TYPE.TXT!, class: Packet.CLASS.IN!, ttl: 1, data });
      }
      send(response);
    },
  });
  server.on("error", () => undefined).on("requestError", () => undefined);
  const addresses = await server.listen({ udp: { port: 0, address: "127.0.0.1" } });
  const port = addresses.udp?.port;
  if (!port) throw new Error("the e2e DNS server did not bind");
  return { address: `127.0.0.1:${port}`, close: () => server.close() };
}

/** Publishes (replaces) the TXT values of a name in the records file the e2e DNS server reads. */
export function publishTxt(name: string, values: string[]): void {
  const file = process.env.CAPSULE_E2E_DNS_RECORDS;
  if (!file) throw new Error("CAPSULE_E2E_DNS_RECORDS is not set (e2e/global-setup.ts sets it)");
  const records = readRecords(file);
  records[name.toLowerCase()] = values;
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(records, null, 2));
  fs.renameSync(`${file}.tmp`, file);
}
