/**
 * `npm run test:properties` (tools/test-properties.ts): the project's Vite and Vitest settings
 * (its plugins resolve the layouts and the registry), with the property tests only. They are
 * named *.property.ts(x) so `npm run test:unit` does not run them a second time.
 */
import { defineConfig } from "vitest/config";
import projectConfig from "../../vite.config.ts";

export default defineConfig((env) => {
  const project = projectConfig(env);
  return { ...project, test: { ...project.test, include: ["tests/properties/**/*.property.{ts,tsx}"], testTimeout: 600_000 } };
});
