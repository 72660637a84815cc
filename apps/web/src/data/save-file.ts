// Saves bytes the app has fetched as a file on the person's device, under the name given: through
// a temporary object URL and an <a download> (issue 19's .ics files, issue 21's documents).

/** How long the file's object URL outlives the click (FileSaver.js's choice): the browser reads
 * it after the click returns, and revoking it sooner can cancel the download in some browsers. */
const OBJECT_URL_LIFETIME_MS = 40_000;

export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, OBJECT_URL_LIFETIME_MS);
}
