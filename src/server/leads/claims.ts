/**
 * The lead outbox's duplicate check: the same lead (./intake.ts `leadFingerprint`) sent again
 * within `duplicateWindowMs` is answered as the first was and is not queued or delivered again.
 * A lead claims its fingerprint before it is written; the claim records the service's answer once
 * it has one, and is released when the lead was refused or could not be written (the next try is
 * a new lead then).
 *
 * With REDIS_URL the claim is Redis's (SET NX, one atomic command), so it holds across instances,
 * also for two receiving the same lead at the same moment. When Redis cannot answer, the claim is
 * the outbox file's own: a lead is never refused or lost because Redis is down.
 */
import * as z from "zod/mini";
import type { SharedStore } from "../shared.ts";
import type { LocalClaim, OutboxStore } from "./outboxStore.ts";

/** This lead is the first within the window; or the earlier one's id and, once it has one, the service's answer to it. */
export type Claim = { first: true } | { first: false; id: string; answer: unknown };

export interface LeadClaims {
  claim(fingerprint: string, id: string): Promise<Claim>;
  /** The first lead's outcome is known: the service's answer for the repeats (undefined: queued, no answer yet). */
  settle(fingerprint: string, id: string, answer: unknown): Promise<void>;
  /** The lead was refused or not written: a repeat is a new lead. */
  release(fingerprint: string, id: string): Promise<void>;
}

const parseAnswer = (raw: string | null): unknown => (raw === null ? undefined : JSON.parse(raw));

function fromLocal(claim: LocalClaim): Claim {
  return claim.first ? claim : { first: false, id: claim.id, answer: parseAnswer(claim.answer) };
}

/** Claims in the outbox file: this instance, and any other on the same disk. */
export function localClaims(store: OutboxStore, now: () => number, windowMs: number): LeadClaims {
  return {
    claim: (fingerprint, id) => Promise.resolve(fromLocal(store.claims.claim(fingerprint, id, now(), windowMs))),
    settle: (fingerprint, id, answer) => Promise.resolve(answer === undefined ? undefined : store.claims.settle(fingerprint, id, JSON.stringify(answer))),
    release: (fingerprint, id) => Promise.resolve(store.claims.release(fingerprint, id)),
  };
}

const SharedClaimSchema = z.object({ id: z.string(), answer: z.optional(z.unknown()) });
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
    if (raw === undefined) {
      // Gone meanwhile (expired, or released after a refusal): this one is a new lead after all. Once
      // more at most; then it goes ahead as a new lead rather than keep a visitor waiting.
      return tries > 0 ? claimShared(fingerprint, id, tries - 1) : { first: true };
    }
    const earlier = SharedClaimSchema.parse(JSON.parse(raw));
    return { first: false, id: earlier.id, answer: earlier.answer };
  };
  return {
    claim: (fingerprint, id) => claimShared(fingerprint, id, 1),
    async settle(fingerprint, id, answer) {
      if (madeLocally.delete(id)) return local.settle(fingerprint, id, answer);
      // Kept for the rest of the window from now: a repeat later than the window is a new lead anyway.
      await shared.set(key(fingerprint), JSON.stringify({ id, answer } satisfies SharedClaim), windowMs);
    },
    async release(fingerprint, id) {
      if (madeLocally.delete(id)) return local.release(fingerprint, id);
      await shared.forget(key(fingerprint));
    },
  };
}
