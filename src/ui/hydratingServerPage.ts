/**
 * Whether the browser started from a page the server rendered, and hydrates it: set once by the
 * browser's start (src/app/start.tsx) before it hydrates. Components that render the server's HTML
 * differently from their own first render in the browser read it (./SafeHtml.tsx, ./disclosure.ts).
 */
let hydrating = false;

export function startHydratingServerPage(): void {
  hydrating = true;
}

export function hydratesServerPage(): boolean {
  return hydrating;
}
