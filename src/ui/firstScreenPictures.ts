import { createContext } from "react";

/**
 * The page's first-screen pictures, as content addresses (decided with the page's data:
 * src/runtime/firstPictures.ts); none outside a page. Apart from ./firstScreen.tsx, which reads
 * it, so that what provides it does not load the media helpers (and the settings they read).
 */
export const FirstScreenPictures = createContext<readonly string[]>([]);
