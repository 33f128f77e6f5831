/**
 * Which build of Tercio plays a game: a digest of the compiled code of
 * everything that decides one (the rule systems, the AI, the tabletop and
 * geometry kernels, the core, and the CLI's game runner). Two machines with
 * the same rules data but different code can play the same seed to
 * different ends, so a queued run names its build, and a worker plays only
 * the runs of its own (queue-claims.ts): a report made on many machines is
 * then the report one machine would make.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

/** The packages whose code plays games, by their entry points. */
const PACKAGES = [
  "@tercio/core",
  "@tercio/geometry",
  "@tercio/tabletop",
  "@tercio/musket-and-pike",
  "@tercio/horse-and-musket-ch11",
  "@tercio/horse-and-musket-nt",
  "@tercio/systems",
  "@tercio/ai",
] as const;

let known: string | undefined;

/** 16 hex digits; the same on every machine with the same compiled code. Read once per process. */
export function buildId(): string {
  known ??= digestOf(codeFolders());
  return known;
}

/** Each package's compiled folder (where its entry point is), and the CLI's own (dist, beside src). */
function codeFolders(): { readonly name: string; readonly dir: string }[] {
  const folders: { name: string; dir: string }[] = PACKAGES.map((name) => ({
    name,
    dir: dirname(fileURLToPath(import.meta.resolve(name))),
  }));
  folders.push({ name: "@tercio/cli", dir: fileURLToPath(new URL("../dist/", import.meta.url)) });
  return folders;
}

function digestOf(folders: readonly { readonly name: string; readonly dir: string }[]): string {
  const hash = createHash("sha256");
  for (const { name, dir } of folders) {
    for (const file of jsFiles(dir)) {
      // The file's place is hashed with its text: moving code changes the build too.
      hash.update(`${name}/${relative(dir, file)}\n`);
      hash.update(readFileSync(file));
    }
  }
  return hash.digest("hex").slice(0, 16);
}

/** The .js files under a folder, in a fixed order (maps and declarations do not run). */
function jsFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir).sort()) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...jsFiles(path));
    else if (entry.endsWith(".js")) out.push(path);
  }
  return out;
}
