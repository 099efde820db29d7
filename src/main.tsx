/**
 * The browser's entry. Its own imports are React's and the router's code, evaluated in this task;
 * the site's modules (./app/start.tsx: the content contract's schemas, the registry, the routes,
 * the chrome) are evaluated in the next. On a slow phone each is tens of milliseconds, and as one
 * task they held off the visitor's first taps (docs/performance.md).
 */
import "react";
import "react-dom/client";
import "react-router-dom";
import "./styles/global.css";
// The motion engine's and smooth scrolling's few rules come with the page's own styles, not with
// their code: a style sheet added once the page is up makes the browser restyle all of it.
import "lenis/dist/lenis.css";
import "./motion/motion.css";

await new Promise<void>((resolve) => setTimeout(resolve, 0));
// src/boot.ts may ask for the code before the HTML is parsed (at the first paint): the page's
// data and the parts to hydrate are all there once it is.
if (document.readyState === "loading") await new Promise((resolve) => document.addEventListener("DOMContentLoaded", resolve, { once: true }));
await import("./app/start.tsx");
