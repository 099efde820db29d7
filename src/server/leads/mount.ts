/**
 * The lead outbox on the production server in forwarding mode: its configuration from the
 * environment, the lead calls routed to it, and its
 * part of /healthz. Everything else under /api is forwarded as before.
 */
import type { SharedStore } from "../shared.ts";
import { secondsSetting } from "../../content/settings.ts";
import { captchaVerifier, siteHostname } from "../../shared/captcha.ts";
import type { FetchHandler } from "../http/fetchHandler.ts";
import { leadKindOf } from "../../shared/leadIntake.ts";
import { createLeadOutbox, type LeadOutbox, type OutboxStatus } from "./outbox.ts";
import { defaultOutboxPath } from "./outboxStore.ts";

/**
 * OUTBOX_DB (default data/outbox.sqlite), OUTBOX_RETRY_BASE_SECONDS (5), OUTBOX_RETRY_MAX_SECONDS
 * (600), OUTBOX_WARN_AFTER_SECONDS (900), OUTBOX_KEEP_DELIVERED_SECONDS (86400), and the server's
 * RECAPTCHA_SECRET (tokens solved on SITE_URL's host only); `timeoutMs` (also the captcha check's) is the server's CONTENT_TIMEOUT_SECONDS.
 */
export function leadOutboxFromEnv(env: NodeJS.ProcessEnv, base: string, timeoutMs: number, extra: { log?: Pick<Console, "warn" | "info">; shared?: SharedStore | undefined } = {}): LeadOutbox {
  return createLeadOutbox({
    ...(extra.log ? { log: extra.log } : {}),
    shared: extra.shared,
    file: env.OUTBOX_DB ?? defaultOutboxPath,
    base,
    captcha: captchaVerifier(env.RECAPTCHA_SECRET, { hostname: siteHostname(env.SITE_URL), timeoutMs }),
    timeoutMs,
    retryBaseMs: secondsSetting(env.OUTBOX_RETRY_BASE_SECONDS, 5_000),
    retryMaxMs: secondsSetting(env.OUTBOX_RETRY_MAX_SECONDS, 600_000),
    warnAfterMs: secondsSetting(env.OUTBOX_WARN_AFTER_SECONDS, 900_000),
    keepDeliveredMs: secondsSetting(env.OUTBOX_KEEP_DELIVERED_SECONDS, 86_400_000),
  });
}

/**
 * The three lead calls to the outbox; any other /api call to `other`. Each client's budget of
 * leads (LEADS_PER_MINUTE) is counted before, by the server's rate limit (src/server/node.ts).
 */
export function leadCallsTo(outbox: LeadOutbox, other: FetchHandler): FetchHandler {
  return (request, context) => (leadKindOf(new URL(request.url).pathname) ? outbox.handle(request, context.traceId) : other(request, context));
}

/** GET /healthz: whether the server answers, and the outbox's state (counts and ages only, nothing personal). */
export function healthAnswer(outbox: LeadOutbox | null): { status: "ok" | "warning"; leadOutbox: OutboxStatus | null } {
  const leadOutbox = outbox?.status() ?? null;
  return { status: leadOutbox?.status ?? "ok", leadOutbox };
}
