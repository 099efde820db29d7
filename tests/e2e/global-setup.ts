import { rmSync } from "node:fs";
import { e2eLeadsDb } from "./env.ts";

/** Each run starts with an empty leads database, so tests can find exactly the rows they wrote. */
export default function globalSetup() {
  for (const suffix of ["", "-wal", "-shm"]) rmSync(`${e2eLeadsDb}${suffix}`, { force: true });
}
