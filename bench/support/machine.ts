import os from "node:os";

/** One line describing the machine and how busy it is right now (other work shares it). */
export function machineLine(): string {
  const cpus = os.cpus();
  const [one, five, fifteen] = os.loadavg().map((l) => l.toFixed(2));
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown CPU"}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, load average ${one} / ${five} / ${fifteen}`;
}

export const loadAverage = () => os.loadavg()[0]!.toFixed(2);
