import { afterEach, beforeEach } from "vitest";

/**
 * React's own scheduling for the tests of a file, as in the browser: work that arrives while React
 * waits is resumed where it suspended, which act() would hide by rendering anew. Returns how a
 * test registers what to undo after it (unmounting its root), run before React's test setting is
 * put back.
 */
export function withReactScheduling(): (undo: () => void) => void {
  const reactGlobal = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  let actEnvironment: boolean | undefined;
  const undos: (() => void)[] = [];
  beforeEach(() => {
    actEnvironment = reactGlobal.IS_REACT_ACT_ENVIRONMENT;
    reactGlobal.IS_REACT_ACT_ENVIRONMENT = false;
  });
  afterEach(() => {
    for (const undo of undos.splice(0)) undo();
    reactGlobal.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
  });
  return (undo) => {
    undos.push(undo);
  };
}
