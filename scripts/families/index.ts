/**
 * Every record family verify checks, in report order. A new family adds its
 * module here (one line) — nothing else in verify changes.
 */
import type { FamilyVerifier } from "./types.ts";
import { leaperFamily } from "./leaper.ts";
import { dominationFamily } from "./domination.ts";
import { hopperFamily } from "./hopper.ts";
import { locustFamily } from "./locust.ts";
import { hopperTourFamily } from "./hopper-tour.ts";
import { tourFamily } from "./tour.ts";
import { magicFamily } from "./magic.ts";

export const FAMILIES: FamilyVerifier[] = [
  leaperFamily,
  dominationFamily,
  hopperFamily,
  locustFamily,
  hopperTourFamily,
  tourFamily,
  magicFamily,
];
