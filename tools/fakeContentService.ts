/**
 * A stand-in for the company's content service, on loopback, for the lead outbox's fault test
 * and `npm run bench:leads`: it takes the three lead calls (CONTENT-API 5) and counts each
 * lead by its Idempotency-Key, and can be stopped (connections refused), slowed, made to fail
 * every n-th call (503, nothing stored) or to refuse leads with field errors (400).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as wait } from "node:timers/promises";

export interface ReceivedLead {
  key: string;
  path: string;
  email: string;
}

export interface FakeContentService {
  url: string;
  /** Every lead stored, in arrival order (a duplicate appears twice). */
  received: ReceivedLead[];
  /** Lead calls answered, whatever the answer. */
  calls(): number;
  /** Refuse connections (the process is down) until `start`. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Every n-th lead call answers 503 and stores nothing (null: none). */
  failEvery(n: number | null): void;
  /** Each answer waits this long first. */
  delay(ms: number): void;
  /** Answer lead calls 400 with these field errors (null: accept). */
  refuse(errors: Record<string, string> | null): void;
  /** Take leads but answer `null` (CONTENT-API 5: a thought paper's download stops), or the normal answer again. */
  decline(on: boolean): void;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The email of a lead, from either body type, to tell leads apart in a report. */
async function emailOf(req: IncomingMessage, body: Buffer): Promise<string> {
  const request = new Request("http://fake.invalid/", { method: "POST", headers: { "Content-Type": req.headers["content-type"] ?? "" }, body: new Uint8Array(body) });
  if ((req.headers["content-type"] ?? "").startsWith("multipart/form-data")) {
    const value = (await request.formData()).get("email");
    return typeof value === "string" ? value : "";
  }
  const value: unknown = await request.json();
  return typeof value === "object" && value !== null && "email" in value && typeof value.email === "string" ? value.email : "";
}

export async function startFakeContentService(port = 0): Promise<FakeContentService> {
  const received: ReceivedLead[] = [];
  let calls = 0;
  let failEvery: number | null = null;
  let delayMs = 0;
  let refusal: Record<string, string> | null = null;
  let declining = false;

  const answer = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      if (delayMs > 0) await wait(delayMs);
      if (req.method !== "POST" || !/^\/api\/(contactus\/(create|presentation-page)|thoughtpaper\/saveuserinfo)$/i.test(req.url ?? "")) return answer(res, 404, { error: "no such call" });
      calls += 1;
      if (failEvery !== null && calls % failEvery === 0) return answer(res, 503, { error: "failing on purpose" });
      if (refusal) return answer(res, 400, { errors: refusal });
      const key = req.headers["idempotency-key"];
      received.push({ key: typeof key === "string" ? key : "", path: req.url ?? "", email: await emailOf(req, body) });
      answer(res, 200, declining ? null : { id: received.length, status: "received" });
    })().catch(() => answer(res, 500, { error: "fake service failed" }));
  });

  const listen = (at: number) =>
    new Promise<number>((resolve, reject) => {
      server.once("error", reject);
      server.listen(at, "127.0.0.1", () => {
        server.off("error", reject);
        resolve((server.address() as AddressInfo).port);
      });
    });
  const boundPort = await listen(port);
  const close = () =>
    new Promise<void>((done) => {
      if (!server.listening) return done();
      server.close(() => done());
      server.closeAllConnections();
    });

  return {
    url: `http://127.0.0.1:${boundPort}`,
    received,
    calls: () => calls,
    stop: close,
    start: async () => {
      if (!server.listening) await listen(boundPort);
    },
    failEvery: (n) => void (failEvery = n),
    delay: (ms) => void (delayMs = ms),
    refuse: (errors) => void (refusal = errors),
    decline: (on) => void (declining = on),
    close,
  };
}
