import os from "node:os";

export interface Environment {
  readonly node: string;
  readonly cpu: string;
  readonly cores: number;
  readonly platform: string;
  readonly date: string;
}

/** What the figures were measured on: they mean little without it. */
export function environment(): Environment {
  const cpus = os.cpus();
  return {
    node: process.version,
    cpu: cpus[0]?.model.trim() ?? "unknown",
    cores: os.availableParallelism?.() ?? cpus.length,
    platform: `${os.platform()} ${os.arch()}`,
    date: new Date().toISOString(),
  };
}
