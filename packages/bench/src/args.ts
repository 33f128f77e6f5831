/** The sections of `npm run bench`, in the order they run. */
export const SECTIONS = [
  "hex",
  "perft",
  "games",
  "workers",
  "playouts",
  "ai",
  "server",
  "abuse",
  "geometry",
  "tabletop",
  "browser",
  "nt",
  "strength",
  "ppss",
] as const;
export type Section = (typeof SECTIONS)[number];

export interface BenchArgs {
  /** The sections to run (--only hex,perft; all by default). */
  readonly only: ReadonlySet<Section>;
  /** Small workloads and short timings everywhere: a smoke run in seconds, not minutes. */
  readonly quick: boolean;
  /** Where to write the figures as JSON, if anywhere. */
  readonly json: string | undefined;
  /** The base seed of every workload, game and policy (default 1). */
  readonly seed: number;
  readonly help: boolean;
}

export const USAGE = `npm run bench -- [options]

  --only LIST   sections to run, comma-separated: ${SECTIONS.join(",")} (default: all)
  --quick       small workloads and short timings (a smoke run)
  --seed N      base seed of the workloads and games (default 1)
  --json FILE   also write the figures to FILE as JSON
  --help        this text`;

/** Parses the command line; throws with a message naming the bad argument. */
export function parseArgs(argv: readonly string[]): BenchArgs {
  let only: Set<Section> = new Set(SECTIONS);
  let quick = false;
  let json: string | undefined;
  let seed = 1;
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const [flag, inline] = arg.startsWith("--") && arg.includes("=") ? arg.split("=", 2) : [arg, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === "") throw new Error(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case "--only": {
        const names = value()
          .split(",")
          .map((s) => s.trim())
          .filter((s) => s !== "");
        const unknown = names.filter((n) => !(SECTIONS as readonly string[]).includes(n));
        if (unknown.length > 0)
          throw new Error(`--only: unknown section ${unknown.join(", ")} (sections: ${SECTIONS.join(", ")})`);
        only = new Set(names as Section[]);
        break;
      }
      case "--quick":
        quick = true;
        break;
      case "--json":
        json = value();
        break;
      case "--seed": {
        const v = Number(value());
        if (!Number.isInteger(v) || v < 0 || v > 0xffffffff) throw new Error("--seed: a whole number from 0");
        seed = v;
        break;
      }
      case "--help":
      case "-h":
        help = true;
        break;
      default:
        throw new Error(`unknown argument ${arg}`);
    }
  }
  return { only, quick, json, seed, help };
}
