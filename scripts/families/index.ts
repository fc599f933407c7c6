/**
 * Every record family verify checks, in report order. A new family adds its
 * module here (one line) — nothing else in verify changes.
 */
import type { FamilyVerifier } from "./types.ts";
import { leaperFamily } from "./leaper.ts";

export const FAMILIES: FamilyVerifier[] = [
  leaperFamily,
];
