/**
 * One attempt to hand a lead to the content service, and what its answer means (CONTENT-API 5):
 * 200 is delivered; 400 with field errors is refused; anything else (another status, a
 * time-out, a refused connection) is a failure to try again later. The lead's outbox id goes
 * in `Idempotency-Key`, the same on every attempt, so a service can tell a retry from a new lead.
 */
import { FieldErrorsSchema } from "../../content/contract.ts";
import { leadBody, leadCalls, type CheckedLead } from "../../shared/leadIntake.ts";
import { inSpan } from "../tracing.ts";

export type Attempt =
  | { outcome: "delivered"; answer: unknown }
  | { outcome: "refused"; errors: Record<string, string> }
  /** `reason` says what went wrong without anything the visitor typed: a status, "timed out", an error code. */
  | { outcome: "failed"; reason: string };

export interface DeliveryOptions {
  base: string;
  fetch: typeof fetch;
  timeoutMs: number;
}

export const idempotencyHeader = "Idempotency-Key";

/** Why a fetch failed, as an operator reads it: the system's error code when there is one. */
function failureReason(error: unknown): string {
  if (error instanceof Error && error.name === "TimeoutError") return "timed out";
  const cause = error instanceof Error ? error.cause : undefined;
  if (typeof cause === "object" && cause !== null && "code" in cause && typeof cause.code === "string") return cause.code;
  return error instanceof Error ? error.name : "failed";
}

export function attemptDelivery(id: string, lead: CheckedLead, options: DeliveryOptions): Promise<Attempt> {
  return inSpan("lead delivery", async (note) => {
    const attempt = await deliver(id, lead, options);
    note({ "lead.kind": lead.kind, "lead.outcome": attempt.outcome });
    return attempt;
  });
}

async function deliver(id: string, lead: CheckedLead, options: DeliveryOptions): Promise<Attempt> {
  let response: Response;
  try {
    response = await options.fetch(`${options.base}${leadCalls[lead.kind].path}`, {
      method: "POST",
      headers: { Accept: "application/json", [idempotencyHeader]: id, ...(lead.kind === "thought-paper" ? { "Content-Type": "application/json" } : {}) },
      body: leadBody(lead),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    return { outcome: "failed", reason: failureReason(error) };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (response.status === 200) return { outcome: "delivered", answer: body };
  if (response.status === 400) {
    const errors = FieldErrorsSchema.safeParse(body);
    if (errors.success) return { outcome: "refused", errors: errors.data.errors };
  }
  return { outcome: "failed", reason: `HTTP ${response.status}` };
}

/**
 * How long to wait before attempt `attempts + 1`: the base doubled per failed attempt, at
 * most `maxMs`, then a random point in its upper half ("equal jitter"), so leads that failed
 * together do not come back together.
 */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number, random: () => number = Math.random): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
