import { createContext } from "react";

/**
 * The page's first-screen pictures, as content addresses (decided by the page's loader:
 * src/runtime/loadPage.ts); none outside a page. Apart from ./firstScreen.tsx, which reads
 * it, so that what provides it does not load the media helpers (and the settings they read).
 */
export const FirstScreenPictures = createContext<readonly string[]>([]);
