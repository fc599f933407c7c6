/**
 * The families the atlas shows, in navigation order. Each adapter turns its
 * family's data into AtlasEntry[] and table specs (site/lib/entry.ts); a new
 * family adds one line here.
 */
import type { AtlasEntry, FamilyAdapter } from "../lib/entry.ts";
import type { Lang } from "../i18n.ts";
import { recordPath } from "../lib/paths.ts";
import { leaperAdapter } from "./leaper.ts";
import { dominationAdapter } from "./domination.ts";
import { hopperAdapter } from "./hopper.ts";
import { locustAdapter } from "./locust.ts";
import { hopperTourAdapter } from "./hopper-tour.ts";
import { tourAdapter } from "./tour.ts";
import { magicAdapter } from "./magic.ts";

export const ADAPTERS: FamilyAdapter[] = [
  leaperAdapter,
  dominationAdapter,
  hopperAdapter,
  locustAdapter,
  hopperTourAdapter,
  tourAdapter,
  magicAdapter,
];

let cached: AtlasEntry[] | undefined;

/** Every entry of every family (loaded once per build). */
export function allEntries(): AtlasEntry[] {
  return (cached ??= ADAPTERS.flatMap((a) => a.entries()));
}

let byId: Map<string, AtlasEntry> | undefined;

/** The entry of a record id, or undefined. */
export function entryById(id: string): AtlasEntry | undefined {
  return (byId ??= new Map(allEntries().map((e) => [e.id, e]))).get(id);
}

export function adapterOf(family: string): FamilyAdapter {
  const a = ADAPTERS.find((x) => x.family === family);
  if (!a) throw new Error(`no site adapter for family "${family}" (site/families/index.ts)`);
  return a;
}

/** The record page of an entry in a language (site/lib/paths.ts). */
export function entryPath(entry: AtlasEntry, lang: Lang): string {
  return recordPath(adapterOf(entry.family).slug, entry.id, lang);
}
