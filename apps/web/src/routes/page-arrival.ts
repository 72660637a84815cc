// WCAG 2.4.2 and 2.4.3: each page has a title of its own, and a page reached inside the app (a
// link, a redirect, Back) takes focus on its main heading, so that a screen reader says where the
// person now is: a single-page app's move is otherwise silent, focus left on <body>. The page a
// load starts on takes no focus: the browser reads its title itself. Called by the pages outside
// the dashboard's first download (issue 7's budget): the sign-up page, Settings and /join (the
// dashboard sets its title itself, dashboard-route.tsx, and does not focus its heading). It
// imports nothing, not even react-router: a Settings chunk importing react-router, or a module
// shared with the sign-up page's importing React, has the bundler move React out of the entry into
// a file of its own, 0.7 kB more of the dashboard's first download.

/**
 * From a page's mounting effect: titles the document with `title` ("Settings · Life Admin") until
 * the returned clean-up, and focuses `heading` unless the page is where this load started.
 */
export function arriveAt(title: readonly string[], heading: HTMLElement | null): () => void {
  const before = document.title;
  document.title = title.join(" · ");
  // react-router keeps a key in the history entries it makes (location.key), none in the one a
  // load starts on ("default").
  if ((window.history.state as { key?: string } | null)?.key !== undefined) heading?.focus();
  return () => {
    document.title = before;
  };
}
