/**
 * The families the atlas shows, in navigation order. Each adapter turns its
 * family's data into AtlasEntry[] and table specs (site/lib/entry.ts); a new
 * family adds one line here.
 */
import type { AtlasEntry, FamilyAdapter } from "../lib/entry.ts";

export const ADAPTERS: FamilyAdapter[] = [];

let cached: AtlasEntry[] | undefined;

/** Every entry of every family (loaded once per build). */
export function allEntries(): AtlasEntry[] {
  return (cached ??= ADAPTERS.flatMap((a) => a.entries()));
}
