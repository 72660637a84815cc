// Test-only (issue 21): an XMLHttpRequest that hands its request to the fake API's fetch, reporting
// the upload's progress first (half, then all of it), as a browser does while it sends a file. The
// form goes as the page made it: jsdom's FormData is not one Node's Request can carry.
import type { FakeApi } from "./fake-api";

class FakeXhr extends EventTarget {
  readonly upload = new EventTarget();
  status = 0;
  responseText = "";
  responseType: XMLHttpRequestResponseType = "";
  #method = "GET";
  #url = "";
  #headers = new Headers();
  #aborted = false;

  constructor(private readonly api: FakeApi) {
    super();
  }

  open(method: string, url: string): void {
    this.#method = method;
    this.#url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.#headers.set(name, value);
  }

  abort(): void {
    this.#aborted = true;
    this.dispatchEvent(new Event("abort"));
  }

  send(body: FormData): void {
    const total = [...body.values()].reduce(
      (sum, value) => sum + (value instanceof Blob ? value.size : value.length),
      0,
    );
    void (async () => {
      for (const share of [0.5, 1]) {
        await Promise.resolve();
        this.upload.dispatchEvent(
          new ProgressEvent("progress", {
            lengthComputable: true,
            loaded: total * share,
            total,
          }),
        );
      }
      const response = await this.api.receive({
        method: this.#method,
        url: this.#url,
        authorization: this.#headers.get("Authorization"),
        body,
      });
      if (this.#aborted) return;
      this.status = response.status;
      this.responseText = await response.text();
      this.dispatchEvent(new Event("load"));
    })();
  }
}

/** The app's `xhr` service over `api`. */
export function fakeXhr(api: FakeApi): () => XMLHttpRequest {
  return () => new FakeXhr(api) as unknown as XMLHttpRequest;
}
