/** What `atlas solve` needs only for --record, --list and --batch (loaded on demand by ./solve.ts). */
import { z } from "zod";

export { RecordFile } from "../../../../solvers/leaper/schema.ts";
export { familyPaths } from "../../../lib/paths.ts";

/** One line of --batch. */
export const BatchLine = z.object({
  id: z.union([z.string(), z.number()]).optional(),
  piece: z.union([z.string(), z.array(z.number().int()).length(2)]),
  board: z.union([z.string(), z.array(z.number().int()).min(1)]).optional(),
  start: z.string(),
  men: z.array(z.string()),
  end: z.string().optional(),
  closed: z.boolean().optional(),
  limit: z.number().int().positive().optional(),
  maxNodes: z.number().int().positive().optional(),
}).strict();
