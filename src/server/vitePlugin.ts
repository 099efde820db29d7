/** Runs the fixture content service inside `vite` (dev) and `vite preview`. */
import type { Plugin } from "vite";
import { serviceFromEnv, toMiddleware } from "./node.ts";

export function contentServicePlugin(): Plugin {
  return {
    name: "corvane:content-service",
    configureServer(server) {
      const { service } = serviceFromEnv(process.env, { watch: true });
      server.middlewares.use(toMiddleware(service));
    },
    configurePreviewServer(server) {
      const { service } = serviceFromEnv(process.env);
      server.middlewares.use(toMiddleware(service));
    },
  };
}
