// WCAG 2.4.2 and 2.4.3: each page has a title of its own, and a page reached inside the app (a
// link, a redirect, Back) takes focus on its main heading, so that a screen reader says where the
// person now is: a single-page app's move is otherwise silent, focus left on <body>. The page a
// load starts on takes no focus: the browser reads its title itself. Every page does both: the
// sign-up page, the dashboard, Settings and /join. In vite.config.ts's "shared" chunk, which the
// dashboard's first download has anyway: a file of its own would be 0.1 kB more of it (issue 7's
// budget). It imports nothing, not even react-router: a Settings chunk importing react-router, or
// a module shared with the sign-up page's importing React, has the bundler move React out of the
// entry into a file of its own, 0.7 kB more of the dashboard's first download.

/**
 * From a page's mounting effect: titles the document with `title` ("Settings · Life Admin") until
 * the returned clean-up.
 */
export function titled(title: readonly string[]): () => void {
  const before = document.title;
  document.title = title.join(" · ");
  return () => {
    document.title = before;
  };
}

/**
 * The ref of a page's main heading (which has `tabIndex={-1}`): focuses it as it is shown, unless
 * the page is where this load started. A ref, not an effect, since the dashboard's heading comes
 * only once its data has loaded; given as it is, never wrapped in a new function each render,
 * which React would call again each time.
 */
export function focusOnArrival(heading: HTMLElement | null): void {
  // react-router keeps a key in the history entries it makes (location.key), none in the one a
  // load starts on ("default").
  if ((window.history.state as { key?: string } | null)?.key !== undefined) heading?.focus();
}
