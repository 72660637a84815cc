// Preloaded into the API process by the load suite only (node --expose-gc --import this file):
// on SIGUSR2 it runs a full garbage collection and writes the process's memory figures to
// stderr as one JSON line, so the suite can compare memory before and after a load.
process.on("SIGUSR2", () => {
  globalThis.gc?.();
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
  process.stderr.write(
    `${JSON.stringify({ memory: { rss, heapUsed, external, arrayBuffers } })}\n`,
  );
});
