/** Runs the fixture content service inside `vite` (dev) and `vite preview`. */
import type { Plugin } from "vite";
import { serviceFromEnv, toMiddleware } from "../server/node.ts";

export function contentServicePlugin(): Plugin {
  return {
    name: "corvane:content-service",
    async configureServer(server) {
      // Vitest starts a Vite server too; unit tests use the service directly, without a database file.
      if (process.env.VITEST) return;
      const { service } = serviceFromEnv(process.env, { watch: true });
      server.middlewares.use(await toMiddleware(service));
    },
    async configurePreviewServer(server) {
      const { service } = serviceFromEnv(process.env);
      server.middlewares.use(await toMiddleware(service));
    },
  };
}
