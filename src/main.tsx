import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App.tsx";
import { layoutSource } from "./app/layoutSource.ts";
import { blockLoaders } from "./blocks/index.ts";
import { config } from "./config.ts";
import { createContentClient } from "./content/client.ts";
import { createLazyBlocks } from "./runtime/lazyBlocks.ts";
import "./styles/global.css";

// The static head in index.html serves crawlers and link previews without JavaScript; once the
// app runs, React renders each page's own title, description and canonical link instead.
for (const element of document.head.querySelectorAll("[data-static-head]")) element.remove();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");

createRoot(root).render(
  <StrictMode>
    <App
      runtime={{
        client: createContentClient({ base: config.contentApiBase, timeoutMs: config.requestTimeoutMs }),
        blocks: createLazyBlocks(blockLoaders, config.chunkTimeoutMs),
        layouts: layoutSource,
        loadingDelayMs: config.loadingDelayMs,
      }}
    />
  </StrictMode>,
);
