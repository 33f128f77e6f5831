// After `npm ci`: keeps the better-sqlite3 binary that npm ci compiled from
// source (prebuild-install found no download: GitHub is out of reach here)
// where prebuild-install looks before downloading, its cache in ~/.npm
// (npm_config_cache), under the name it gives the download of that exact
// version, Node ABI, platform and architecture. The next `npm ci` on this
// machine then unpacks it (and loads it, to check it) instead of compiling
// SQLite again for a minute and a half; a binary that does not load is
// compiled again as before. Nothing is kept when the binary was downloaded
// or came from the cache.
const { execFileSync } = require("node:child_process");
const { existsSync, mkdirSync, renameSync } = require("node:fs");
const path = require("node:path");

const dir = path.resolve("node_modules/better-sqlite3");
const binary = path.join(dir, "build/Release/better_sqlite3.node");
// Compiled here: node-gyp leaves its object files beside the binary.
if (!existsSync(binary) || !existsSync(path.join(dir, "build/Release/obj.target"))) process.exit(0);

const pkg = require(path.join(dir, "package.json"));
const rc = require(path.resolve("node_modules/prebuild-install/rc"))(pkg);
const util = require(path.resolve("node_modules/prebuild-install/util"));
const cached = util.cachedPrebuild(util.getDownloadUrl({ ...rc, pkg }));
if (existsSync(cached)) process.exit(0);

require(binary); // it loads in this Node, or nothing is kept
mkdirSync(path.dirname(cached), { recursive: true });
const temp = `${cached}.${process.pid}.tmp`;
execFileSync("tar", ["-czf", temp, "-C", dir, "build/Release/better_sqlite3.node"]);
renameSync(temp, cached);
console.log(`kept the better-sqlite3 build for the next npm ci: ${cached}`);
