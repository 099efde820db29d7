/**
 * A content service that decodes a request's path before it looks for the file, as nginx and S3
 * do: `/media/p%68oto.jpg`, `/media/photo.jpg` and `/media//photo.jpg` are one file there. The
 * fixture service matches paths as written, so a site that fetched every spelling separately
 * would look fine against it; this one shows the difference. It counts each file's fetches.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** A picture's path on the service, and ten spellings of one resized copy of it that such a service reads as the same file. */
export const spelledOriginal = "/media/photo-1.jpg";
export const variantSpellings: readonly string[] = [
  "/media/photo-1.jpg.1920w.avif",
  "/media/%70hoto-1.jpg.1920w.avif",
  "/media/p%68oto-1.jpg.1920w.avif",
  "/media/photo-%31.jpg.1920w.avif",
  "/%6Dedia/photo-1.jpg.1920w.avif",
  "/media//photo-1.jpg.1920w.avif",
  "/media/photo-1%2Ejpg.1920w.avif",
  "/media/photo-1.jpg.1920w.%61vif",
  "/media/photo-1.jpg.%31920w.avif",
  "/media%2Fphoto-1.jpg.1920w.avif",
];

export interface DecodingMediaService {
  url: string;
  /** How often a file (by its decoded path) was fetched. */
  fetches(path: string): number;
  close(): Promise<void>;
}

export async function decodingMediaService(files: ReadonlyMap<string, { type: string; bytes: Buffer }>): Promise<DecodingMediaService> {
  const fetched = new Map<string, number>();
  const server = createServer((req, res) => {
    let path: string;
    try {
      // nginx: decoded, repeated slashes merged (merge_slashes on, its default).
      path = decodeURIComponent((req.url ?? "/").split("?", 1)[0] ?? "/").replace(/\/{2,}/g, "/");
    } catch {
      res.writeHead(400).end();
      return;
    }
    fetched.set(path, (fetched.get(path) ?? 0) + 1);
    const file = files.get(path);
    if (file) res.writeHead(200, { "Content-Type": file.type, "Content-Length": String(file.bytes.length) }).end(file.bytes);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`,
    fetches: (path) => fetched.get(path) ?? 0,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
