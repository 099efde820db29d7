/**
 * What every served page loads as its shell hydrates, besides its blocks: the footer and contact
 * shortcut, the page's effects. The build puts them in the later blocks' chunk (vite.config.ts),
 * the server names their files for the browser to prefetch (src/ssr/entry-server.tsx), and
 * src/app/start.tsx asks for them with the blocks below the fold.
 */
export const afterShellModules = ["src/chrome/AfterContent.tsx", "src/app/runPageEffects.ts"] as const;
