/**
 * The lead outbox's duplicate check: the same lead (./intake.ts `leadFingerprint`) sent again
 * within `duplicateWindowMs` is answered as the first was and is not queued or delivered again.
 * A lead claims its fingerprint before it is written; the claim records what became of it once
 * that is known (taken by the service, or declined with a `null` answer, which stops a
 * thought paper's download), and is released when the lead was refused or could not be written
 * (the next try is a new lead then). A claim holds a hash, the lead's id and that one word: never
 * the service's answer, which may repeat what the visitor typed.
 *
 * With REDIS_URL the claim is Redis's (SET NX, one atomic command), so it holds across instances,
 * also for two receiving the same lead at the same moment. When Redis cannot answer, the claim is
 * the outbox file's own: a lead is never refused or lost because Redis is down.
 */
import * as z from "zod/mini";
import type { SharedStore } from "../shared.ts";
import type { OutboxStore } from "./outboxStore.ts";

const OutcomeSchema = z.enum(["received", "declined"]);
/** What became of the first lead: taken by the service, or declined (it answered `null`). */
export type ClaimOutcome = z.infer<typeof OutcomeSchema>;

/** This lead is the first within the window; or the earlier one's id and, once known, what became of it (undefined: queued, or still being sent). */
export type Claim = { first: true } | { first: false; id: string; outcome: ClaimOutcome | undefined };

export interface LeadClaims {
  claim(fingerprint: string, id: string): Promise<Claim>;
  /** What became of the first lead, for the repeats. */
  settle(fingerprint: string, id: string, outcome: ClaimOutcome): Promise<void>;
  /** The lead was refused or not written: a repeat is a new lead. */
  release(fingerprint: string, id: string): Promise<void>;
}

const outcomeOf = (raw: string | null | undefined): ClaimOutcome | undefined => {
  const parsed = OutcomeSchema.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
};

/** Claims in the outbox file: this instance, and any other on the same disk. */
export function localClaims(store: OutboxStore, now: () => number, windowMs: number): LeadClaims {
  return {
    claim(fingerprint, id) {
      const claim = store.claims.claim(fingerprint, id, now(), windowMs);
      return Promise.resolve(claim.first ? claim : { first: false, id: claim.id, outcome: outcomeOf(claim.answer) });
    },
    settle: (fingerprint, id, outcome) => Promise.resolve(store.claims.settle(fingerprint, id, outcome)),
    release: (fingerprint, id) => Promise.resolve(store.claims.release(fingerprint, id)),
  };
}

const SharedClaimSchema = z.object({ id: z.string(), outcome: z.optional(OutcomeSchema) });
type SharedClaim = z.infer<typeof SharedClaimSchema>;

/** Claims in Redis, shared by every instance; the outbox file's while Redis cannot answer. */
export function sharedClaims(shared: SharedStore, local: LeadClaims, windowMs: number): LeadClaims {
  const key = (fingerprint: string) => `lead-claim:${fingerprint}`;
  /** Claims made here while Redis was away: settled and released here too. */
  const madeLocally = new Set<string>();
  const claimShared = async (fingerprint: string, id: string, tries: number): Promise<Claim> => {
    const first = await shared.claim(key(fingerprint), JSON.stringify({ id } satisfies SharedClaim), windowMs);
    if (first === undefined) {
      madeLocally.add(id);
      return local.claim(fingerprint, id);
    }
    if (first) return { first: true };
    const raw = await shared.get(key(fingerprint));
    const earlier = raw === undefined ? undefined : SharedClaimSchema.safeParse(JSON.parse(raw));
    if (!earlier?.success) {
      // Gone meanwhile (expired, or released after a refusal): this one is a new lead after all. Once
      // more at most; then it goes ahead as a new lead rather than keep a visitor waiting.
      return tries > 0 ? claimShared(fingerprint, id, tries - 1) : { first: true };
    }
    return { first: false, id: earlier.data.id, outcome: earlier.data.outcome };
  };
  return {
    claim: (fingerprint, id) => claimShared(fingerprint, id, 1),
    async settle(fingerprint, id, outcome) {
      if (madeLocally.delete(id)) return local.settle(fingerprint, id, outcome);
      // Kept for the rest of the window from now: a repeat later than the window is a new lead anyway.
      await shared.set(key(fingerprint), JSON.stringify({ id, outcome } satisfies SharedClaim), windowMs);
    },
    async release(fingerprint, id) {
      if (madeLocally.delete(id)) return local.release(fingerprint, id);
      await shared.forget(key(fingerprint));
    },
  };
}
