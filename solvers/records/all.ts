/**
 * The one schema every data file under data/ validates against: a union of
 * the families' record files, told apart by `family`. Each family defines its
 * file schema beside its solver and adds one line here; the downloads page
 * publishes this as JSON Schema.
 */
import { z } from "zod";
import { RecordFile } from "../leaper/schema.ts";
import { DominationTable } from "../domination/schema.ts";
import { HopperRecordFile } from "../hopper/schema.ts";
import { LocustRecordFile } from "../locust/schema.ts";
import { HopperTourRecordFile } from "../hopper-tour/schema.ts";
import { TourRecordFile } from "../tour/schema.ts";
import { MagicRecordFile } from "../magic/schema.ts";

export const LeaperRecordFile = RecordFile.extend({ family: z.literal("leaper") });

export const AnyRecordFile = z.discriminatedUnion("family", [
  LeaperRecordFile,
  DominationTable,
  HopperRecordFile,
  LocustRecordFile,
  HopperTourRecordFile,
  TourRecordFile,
  MagicRecordFile,
]);
export type AnyRecordFile = z.infer<typeof AnyRecordFile>;
