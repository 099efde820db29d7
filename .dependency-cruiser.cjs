/**
 * Import circles, type imports included (ESLint's import/no-cycle skips `import type`, and a
 * circle of types is still a knot a reader has to untie). Folder boundaries are ESLint's
 * (eslint.config.js); this file holds only what ESLint cannot see.
 */
module.exports = {
  forbidden: [
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
