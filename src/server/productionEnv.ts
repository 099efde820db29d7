/**
 * React's production build in this process, unless told otherwise. Imported FIRST by every
 * entry point that renders pages outside Vite (the production server, `npm run export`,
 * the Lighthouse bench): ES modules run their imports before their own body, so setting
 * NODE_ENV in the entry's body is too late once any import (the fixture service reads the route
 * table through react-router) has loaded React; React's development and production builds
 * would then mix in one process ("dispatcher.getOwner is not a function").
 */
process.env.NODE_ENV ??= "production";

export {};
