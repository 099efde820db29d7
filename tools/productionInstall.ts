/**
 * A folder holding only what an operator deploys (README "Production"): the checkout's build,
 * package.json, the lockfile, and what `npm ci --omit=dev` installs. Used by the production
 * install's test (tests/production-install.test.ts) and `npm run bench:start`.
 */
import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);
const root = fileURLToPath(new URL("..", import.meta.url));
/** better-sqlite3's addon, the one thing its install script makes. */
const sqliteAddon = "node_modules/better-sqlite3/build/Release/better_sqlite3.node";

/** What a supervisor passes: no npm or test runner settings of this process. */
export function supervisorEnv(): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "production", ALLOW_TEST_CAPTCHA: "1", HOST: "127.0.0.1", PORT: "0" };
}

/** The production install in a new temporary folder, and how to remove it. */
export async function productionInstall(): Promise<{ dir: string; remove: () => void }> {
  if (!existsSync(join(root, "dist/server/standalone.js"))) throw new Error('dist/server/standalone.js is missing: run "npm run build" first.');
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "corvane-production-")));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    for (const file of ["package.json", "package-lock.json"]) cpSync(join(root, file), join(dir, file));
    cpSync(join(root, "dist"), join(dir, "dist"), { recursive: true });
    // From npm's cache where it can. The one install script among the dependencies compiles
    // better-sqlite3's addon (over 2 minutes on 2 cores): the checkout's, built by the same
    // npm ci for this Node and this version of the package, is copied in instead.
    await run("npm", ["ci", "--omit=dev", "--prefer-offline", "--ignore-scripts", "--no-audit", "--no-fund"], { cwd: dir, env: supervisorEnv() });
    cpSync(join(root, sqliteAddon), join(dir, sqliteAddon));
  } catch (error) {
    remove();
    throw error;
  }
  return { dir, remove };
}
