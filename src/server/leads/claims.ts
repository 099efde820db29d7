/**
 * The lead outbox's duplicate check: the same lead (src/shared/leadIntake.ts `leadFingerprint`) sent again
 * within `duplicateWindowMs` is answered as the first was and is not queued or delivered again.
 *
 * - In the outbox file: a lead is written and its fingerprint claimed in one transaction
 *   (./outboxStore.ts `add`), so the claim holds across restarts and for every process on that
 *   disk, and never stands for a lead that is not on disk.
 * - With REDIS_URL, across instances: once the lead is on disk, its fingerprint is claimed in Redis
 *   (SET NX, one atomic command). The instance that finds it claimed drops its own copy and
 *   answers as the first was. A crash between the write and the claim leaves a lead that is
 *   delivered (perhaps twice), never one that is lost; when Redis cannot answer, the file's claim
 *   is the check (a lead is never refused because Redis is down).
 *
 * A claim records what became of the lead once that is known — taken by the service, or declined
 * with a `null` answer (which stops a thought paper's download) — and is released when the lead
 * was refused (the next try is a new lead then). It holds a hash, the lead's id and that one word:
 * never the service's answer, which may repeat what the visitor typed.
 */
import * as z from "zod/mini";
import type { SharedStore } from "../shared.ts";

export const OutcomeSchema = z.enum(["received", "declined"]);
/** What became of the first lead: taken by the service, or declined (it answered `null`). */
export type ClaimOutcome = z.infer<typeof OutcomeSchema>;

/** An earlier claim on the same lead: its id and, once known, what became of it (undefined: queued, or still being sent). */
export interface EarlierLead {
  id: string;
  outcome: ClaimOutcome | undefined;
}

const SharedClaimSchema = z.object({ id: z.string(), outcome: z.optional(OutcomeSchema) });
type SharedClaim = z.infer<typeof SharedClaimSchema>;

/** The claims other instances see, in Redis. */
export interface SharedClaims {
  /** null: this lead is the first (or Redis cannot answer: the file's claim stands); else the earlier one. */
  claim(fingerprint: string, id: string): Promise<EarlierLead | null>;
  settle(fingerprint: string, id: string, outcome: ClaimOutcome): Promise<void>;
  release(fingerprint: string): Promise<void>;
}

export function sharedClaims(shared: SharedStore, windowMs: number): SharedClaims {
  const key = (fingerprint: string) => `lead-claim:${fingerprint}`;
  const claim = async (fingerprint: string, id: string, tries: number): Promise<EarlierLead | null> => {
    const first = await shared.claim(key(fingerprint), JSON.stringify({ id } satisfies SharedClaim), windowMs);
    if (first !== false) return null;
    const raw = await shared.get(key(fingerprint));
    const earlier = raw === undefined ? undefined : SharedClaimSchema.safeParse(JSON.parse(raw));
    // Gone meanwhile (expired, or released after a refusal): this one is a new lead after all (asked once more at most).
    if (!earlier?.success) return tries > 0 ? claim(fingerprint, id, tries - 1) : null;
    return { id: earlier.data.id, outcome: earlier.data.outcome };
  };
  return {
    claim: (fingerprint, id) => claim(fingerprint, id, 1),
    // Kept for the rest of the window from now: a repeat later than the window is a new lead anyway.
    settle: (fingerprint, id, outcome) => shared.set(key(fingerprint), JSON.stringify({ id, outcome } satisfies SharedClaim), windowMs),
    release: (fingerprint) => shared.forget(key(fingerprint)),
  };
}
