import { describe, expect, it } from "vitest";
import { groupOf } from "./bundle-report.ts";

describe("npm run size:report's groups", () => {
  it("names a dependency by its package, scoped or not, and our code by its folder (a block by its own)", () => {
    expect(groupOf("/work/site/node_modules/react-dom/cjs/react-dom-client.production.js")).toBe("react-dom");
    expect(groupOf("/work/site/node_modules/@hookform/resolvers/standard-schema/dist/standard-schema.mjs")).toBe("@hookform/resolvers");
    expect(groupOf("/work/site/node_modules/zod/v4/core/schemas.js")).toBe("zod");
    expect(groupOf("/work/site/src/blocks/media/LottieAnimation.tsx")).toBe("src/blocks/media");
    expect(groupOf("/work/site/src/chrome/consent/manager.ts")).toBe("src/chrome");
    expect(groupOf("/work/site/src/config.ts")).toBe("src/config.ts");
    expect(groupOf("\0virtual:block-code/first")).toBe("generated modules (registry, layouts, block index)");
  });
});
