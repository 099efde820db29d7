/**
 * Where `npm run test:properties` writes a page that broke an invariant (tests/properties/
 * counterexample.ts), and where `npm run dev -- --counterexamples` reads it: counterexamples/pages/
 * holds page files named as the fixture pages they stand in for. Not tracked by git (.gitignore);
 * emptied when a property run starts.
 */
export const counterexampleDir = "counterexamples";
