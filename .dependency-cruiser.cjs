/**
 * What ESLint cannot see: import circles, type imports included (ESLint's import/no-cycle skips
 * `import type`, and a circle of types is still a knot a reader has to untie), and the line
 * between the site server and the fixture content service drawn over dynamic `import()` too
 * (ESLint's no-restricted-imports sees static imports only). The other folder boundaries are
 * ESLint's (eslint.config.js).
 */
const siteServer = "^src/server/";
const fixtureService = "^fixture-service/";
/** The start command's seam: the one file of the site server that loads the fixture service (CONTENT_API_BASE empty). */
const startCommandSeam = "^src/server/standalone\\.ts$";

module.exports = {
  forbidden: [
    {
      name: "site-server-reaches-fixture-service-only-through-the-start-command",
      severity: "error",
      comment: "The site server reaches the fixture service only as a content service: the start command (src/server/standalone.ts) loads it and hands it in; no other file of src/server/, tests included, imports it (tests take it from tests/siteOnFixtures.ts).",
      from: { path: siteServer, pathNot: startCommandSeam },
      to: { path: fixtureService },
    },
    {
      name: "fixture-service-imports-no-site-server",
      severity: "error",
      comment: "The fixture service is a program of its own: it follows the contract (src/content), the rules (src/forms) and what both servers run (src/shared), and imports nothing of the site server.",
      from: { path: fixtureService },
      to: { path: siteServer },
    },
    {
      name: "shared-knows-neither-server",
      severity: "error",
      comment: "src/shared/ is what the site server and the fixture service both run: it imports neither.",
      from: { path: "^src/shared/" },
      to: { path: "^(src/server|fixture-service)/" },
    },
    {
      name: "no-circular",
      severity: "error",
      comment: "Modules import one way: a circle, even of types only, means two modules that are one.",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // Type-only imports count (they are what ESLint's no-cycle leaves out).
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    exclude: { path: "(^|/)(node_modules|dist)/" },
  },
};
