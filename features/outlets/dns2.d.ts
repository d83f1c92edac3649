// Minimal typings for the parts of dns2 (no bundled types) the loopback DNS server uses.
declare module "dns2" {
  type Question = { name: string; type: number; class: number };
  type Answer = { name: string; type: number; class: number; ttl: number } & ({ data: string | string[] } | { address: string });
  class Packet {
    static TYPE: Record<string, number>;
    static CLASS: Record<string, number>;
    static createResponseFromRequest(request: Packet): Packet;
    questions: Question[];
    answers: Answer[];
    header: { rcode: number; [key: string]: unknown };
  }
  type Server = {
    listen(options: { udp?: { port: number; address: string } }): Promise<{ udp?: { port: number; address: string } }>;
    close(): Promise<void>;
    on(event: "error" | "requestError", listener: (error: Error) => void): Server;
  };
  const dns2: {
    Packet: typeof Packet;
    createServer(options: { udp?: boolean; handle: (request: Packet, send: (response: Packet) => void, rinfo: unknown) => void }): Server;
  };
  export default dns2;
}
