/** The one SHA-256 of the runs and their certificates: lowercase hex of a file's bytes (or a text's UTF-8). */
import { createHash } from "node:crypto";

export function sha256Hex(data: Uint8Array | string): string {
  return createHash("sha256").update(data).digest("hex");
}
