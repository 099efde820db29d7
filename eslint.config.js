// @ts-check
import js from "@eslint/js";
import importPlugin from "eslint-plugin-import";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * Folders whose code may not depend on a given other folder (data flows one way: docs/architecture.md).
 * Build-time code (src/build: Node, fs) is forbidden to everything a browser loads.
 */
const shipsAlone = "src/ is what ships: it never imports the tools and benchmarks (tools/)";
const boundaries = [
  { from: "src/**", forbid: [], why: "" },
  { from: "src/content/**", forbid: ["**/runtime/**", "**/blocks/**", "**/app/**", "**/chrome/**", "**/ui/**", "**/forms/**", "**/build/**", "**/ssr/**"], why: "content (contract, client) knows nothing of the UI" },
  { from: "src/runtime/**", forbid: ["**/blocks/**", "**/app/**", "**/chrome/**", "**/build/**", "**/ssr/**"], why: "the runtime knows block names, not blocks" },
  { from: "src/ui/**", forbid: ["**/blocks/**", "**/app/**", "**/chrome/**", "**/runtime/**", "**/build/**", "**/ssr/**"], why: "shared UI never imports blocks or pages" },
  { from: "src/blocks/**", forbid: ["**/app/**", "**/build/**", "**/ssr/**"], why: "blocks never import pages" },
  { from: "src/forms/**", forbid: ["**/blocks/**", "**/app/**", "**/chrome/**", "**/runtime/**", "**/build/**", "**/ssr/**"], why: "validation is shared with the server" },
  { from: "src/motion/**", forbid: ["**/blocks/**", "**/app/**", "**/chrome/**", "**/runtime/**", "**/content/**", "**/forms/**", "**/build/**"], why: "motion works by selector on what a page rendered; it knows no blocks, pages or chrome" },
  { from: "src/app/**", forbid: ["**/ssr/**", "**/server/**"], why: "the app is what the render bundle (src/ssr) renders: it imports neither the bundle nor the server" },
  { from: "src/chrome/**", forbid: ["**/ssr/**", "**/server/**"], why: "the site's chrome is part of the app the render bundle renders" },
  { from: "src/ssr/**", forbid: ["**/server/**"], why: "the render bundle imports nothing of the server that loads it (src/ssr/site.ts is what it offers)" },
  { from: "src/server/**", forbid: ["**/blocks/**", "**/app/**", "**/chrome/**", "**/runtime/**", "**/ui/**", "**/fixture-service/**"], why: "the site server speaks the contract only, and reaches the fixture service only as a content service (src/server/standalone.ts hands it in; its import() is dependency-cruiser's to check)" },
  { from: "src/shared/**", forbid: ["**/server/**", "**/fixture-service/**", "**/blocks/**", "**/app/**", "**/chrome/**", "**/runtime/**", "**/ui/**", "**/ssr/**", "**/build/**"], why: "what the site server and the fixture service both run knows neither of them: only the contract (src/content) and the rules (src/forms)" },
  { from: "fixture-service/**", forbid: ["**/src/server/**", "**/src/blocks/**", "**/src/app/**", "**/src/chrome/**", "**/src/runtime/**", "**/src/ui/**", "**/src/ssr/**", "**/src/build/**"], why: "the fixture service is a program of its own, reached only as a content service: it imports the contract (src/content), the rules (src/forms) and what both servers run (src/shared), nothing of the site server" },
];

export default tseslint.config(
  { ignores: ["dist/", "dist.*/", "node_modules/", "test-results/", "playwright-report/", "data/"] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y, import: importPlugin },
    // Relative imports name their files (./x.ts), so the plain Node resolver follows every one of them.
    settings: {
      "import/resolver": { node: { extensions: [".ts", ".tsx", ".js", ".json"] } },
      "import/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.strict.rules,
      "import/no-cycle": "error",
      // Explicit extensions: what Node and Vite's native config loader resolve without a bundler.
      "import/extensions": ["error", "ignorePackages", { ts: "always", tsx: "always", json: "always" }],
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/ban-ts-comment": ["error", { "ts-expect-error": true, "ts-ignore": true, "ts-nocheck": true }],
      "@typescript-eslint/restrict-template-expressions": ["error", { allowNumber: true }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
      "@typescript-eslint/no-confusing-void-expression": "off",
      "no-restricted-imports": ["error", { paths: [{ name: "zod", message: "Use zod/mini: the classic API costs about 20 KB more in every bundle that parses." }] }],
      "no-restricted-syntax": ["error", { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: "HTML from content is shown only through <SafeHtml> (src/ui/SafeHtml.tsx)." }],
    },
  },
  ...boundaries.flatMap(({ from, forbid, why }) => {
    const rule = (/** @type {string[]} */ groups) => ({
      "no-restricted-imports": ["error", { paths: [{ name: "zod", message: "Use zod/mini." }], patterns: groups.map((group) => ({ group: [group], message: group === "**/tools/**" ? shipsAlone : why })) }],
    });
    const own = forbid.filter((group) => group !== "**/tools/**");
    // What ships never imports tools/; a test beside it may.
    return [
      { files: [from], rules: rule([...own, "**/tools/**"]) },
      { files: [from.replace(/\*\*$/, "**/*.test.{ts,tsx}")], rules: rule(own) },
    ];
  }),
  {
    files: ["**/*.test.{ts,tsx}", "tests/**"],
    rules: {
      "@typescript-eslint/no-non-null-assertion": "off",
      "@typescript-eslint/unbound-method": "off",
    },
  },
  { files: ["eslint.config.js", ".dependency-cruiser.cjs"], ...tseslint.configs.disableTypeChecked },
  { files: [".dependency-cruiser.cjs"], languageOptions: { sourceType: "commonjs" } },
);
