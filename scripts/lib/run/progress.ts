/**
 * The progress line of every long run: done/total, this session's rate and the
 * ETA at that rate, on stderr (once a second on a terminal, every 10 s into a
 * log), and the duration wording the runs' summaries share.
 */
import process from "node:process";

export function formatSeconds(s: number): string {
  if (!Number.isFinite(s)) return "?";
  if (s < 60) return `${s.toFixed(s < 10 ? 1 : 0)} s`;
  if (s < 3600) return `${(s / 60).toFixed(1)} min`;
  if (s < 86400 * 2) return `${(s / 3600).toFixed(1)} h`;
  if (s < 86400 * 365 * 2) return `${(s / 86400).toFixed(1)} days`;
  return `${(s / (86400 * 365)).toFixed(1)} years`;
}

function formatRate(r: number): string {
  if (r >= 1e6) return `${(r / 1e6).toFixed(2)}M`;
  if (r >= 1e3) return `${(r / 1e3).toFixed(1)}k`;
  // slow units (a searched placement takes a second or more) need the decimal
  return r > 0 && r < 10 ? r.toFixed(1) : r.toFixed(0);
}

/**
 * The progress line: done/total, this run's rate and the ETA at that rate.
 * `fresh` is the part of `done` this run did in `seconds`: shards finished
 * earlier and checkpointed work count toward done/total but not toward the
 * rate, or a resumed run would promise an ETA it cannot keep.
 */
export function progressLine(label: string, unit: string, done: number, total: number, fresh: number, seconds: number, note = ""): string {
  const rate = seconds > 0 ? fresh / seconds : 0;
  const eta = rate > 0 ? (total - done) / rate : Infinity;
  const pct = total > 0 ? ((100 * done) / total).toFixed(1) : "100.0";
  return `${label}: ${done}/${total} ${unit} (${pct}%), ${formatRate(rate)}/s, ETA ${formatSeconds(eta)}${note ? ` (${note})` : ""}`;
}

/** done/total, rate and ETA on stderr: once a second on a terminal, every 10 s into a log. */
export class Progress {
  private last = 0;
  private readonly tty: boolean;
  /** Whether a line has been written (a terminal's last line then needs its newline). */
  wrote = false;
  constructor(
    private readonly label: string,
    private readonly total: number,
    private readonly quiet: boolean,
    private readonly unit = "positions",
    /** When the work this run counts as fresh began (performance.now()). */
    private readonly t0 = performance.now(),
  ) {
    this.tty = !quiet && Deno.stderr.isTerminal();
  }
  /** `done` counts everything finished, `fresh` only what this run did (see progressLine); `note` follows in brackets. */
  update(done: number, force = false, fresh = done, note = ""): void {
    if (this.quiet) return;
    const now = performance.now();
    if (!force && now - this.last < (this.tty ? 1000 : 10000)) return;
    this.last = now;
    const line = progressLine(this.label, this.unit, done, this.total, fresh, (now - this.t0) / 1000, note);
    process.stderr.write(this.tty ? `\r\x1b[K${line}` : `${line}\n`);
    this.wrote = true;
  }
  end(): void {
    if (this.tty && this.wrote) process.stderr.write("\n");
  }
}
