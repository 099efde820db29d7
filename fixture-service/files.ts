/** The fixture service's files: media under /media/ and thought-paper PDFs (CONTENT-API thoughtPaper/downloadThoughtPaperPdf), never outside the fixtures. */
import { create as attachment } from "content-disposition";
import { readFile } from "node:fs/promises";
import { basename, extname, join } from "node:path";
import { readJsonBody } from "../src/shared/jsonAnswer.ts";

const mediaTypes: Record<string, string> = {
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".webm": "video/webm",
  ".mp4": "video/mp4",
  ".vtt": "text/vtt; charset=utf-8",
  ".json": "application/json",
  ".pdf": "application/pdf",
};

/** A plain file name: no directories, no "..", nothing a path could be built from. */
const safeFileName = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

const notFound = () => new Response("Not found", { status: 404 });

/** A file of `<fixtures>/<dir>/`, as an attachment when `download`. */
export async function serveFile(fixturesDir: string, dir: string, name: string, download: boolean): Promise<Response> {
  if (!safeFileName.test(name)) return notFound();
  const type = mediaTypes[extname(name).toLowerCase()];
  if (!type) return notFound();
  try {
    const bytes = await readFile(join(fixturesDir, dir, name));
    return new Response(bytes, {
      headers: {
        "Content-Type": type,
        "Cache-Control": "public, max-age=3600",
        ...(download ? { "Content-Disposition": attachment(name) } : {}),
      },
    });
  } catch {
    return notFound();
  }
}

/** `{"DocumentURL": "..."}` → the PDF under /documents/ it names, or 404. */
export async function downloadPdf(fixturesDir: string, request: Request): Promise<Response> {
  const body = await readJsonBody(request);
  const value = body.ok && typeof body.value === "object" && body.value !== null ? (body.value as Record<string, unknown>) : {};
  const address = typeof value.DocumentURL === "string" ? value.DocumentURL : "";
  let path: string;
  try {
    path = decodeURIComponent(new URL(address, "http://fixture.invalid").pathname);
  } catch {
    return notFound();
  }
  const name = basename(path);
  if (!name.toLowerCase().endsWith(".pdf") || !path.startsWith("/documents/")) return notFound();
  return serveFile(fixturesDir, "documents", name, true);
}
