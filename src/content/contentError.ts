/**
 * How a content call failed, as the retry screen words it: a module of its own, without the
 * contract's schemas, so the browser's first code can tell a failure without loading them.
 */
export type ContentErrorKind = "network" | "timeout" | "http" | "malformed" | "aborted";

export class ContentError extends Error {
  readonly kind: ContentErrorKind;
  readonly status: number | undefined;

  constructor(kind: ContentErrorKind, message: string, status?: number) {
    super(message);
    this.name = "ContentError";
    this.kind = kind;
    this.status = status;
  }
}
