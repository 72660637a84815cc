// Preloaded into the worker by the reminders section (node --expose-gc --import this file). It
// samples the process's memory every 50 ms, keeping the peak; on SIGUSR2 it writes one JSON line
// to stderr: the peak since the last report, and the memory after a full garbage collection (what
// the process holds on to), then starts a new peak.
const SAMPLE_MS = 50;

const now = () => {
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heapUsed };
};

let peak = now();
setInterval(() => {
  const { rss, heapUsed } = now();
  peak = { rss: Math.max(peak.rss, rss), heapUsed: Math.max(peak.heapUsed, heapUsed) };
}, SAMPLE_MS).unref();

process.on("SIGUSR2", () => {
  const before = now();
  const sincePeak = {
    rss: Math.max(peak.rss, before.rss),
    heapUsed: Math.max(peak.heapUsed, before.heapUsed),
  };
  globalThis.gc?.();
  const afterGc = now();
  peak = afterGc;
  process.stderr.write(`${JSON.stringify({ memoryProbe: { peak: sincePeak, afterGc } })}\n`);
});
