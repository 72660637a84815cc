// issue 19 (and the account issue 22, which adds to it): the Settings page's frame: the product's
// name, the way back (a link the app gives, since only the app routes), the heading, and its
// sections one under another.
import type { ReactNode, Ref } from "react";
import { PRODUCT_NAME } from "../header/app-header";
import styles from "./settings-page.module.css";

export const SETTINGS_TITLE = "Settings";

export interface SettingsPageProps {
  /** The link back to the dashboard. */
  back: ReactNode;
  /** issue 23: the /join page has this frame too, under its own title. */
  title?: string;
  /** The page's heading, which the app focuses when the page is reached inside it. */
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}

export function SettingsPage({
  back,
  title = SETTINGS_TITLE,
  headingRef,
  children,
}: SettingsPageProps) {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div className={styles.inner}>
          <span className={styles.brand}>{PRODUCT_NAME}</span>
          {/* The page's only navigation, so it needs no name; it was "Settings", which the
              /join page, framed the same, is not, and which promised a menu of the sections. */}
          <nav className={styles.back}>{back}</nav>
        </div>
      </header>
      <main className={styles.main}>
        <h1 ref={headingRef} tabIndex={-1} className={styles.title}>
          {title}
        </h1>
        {children}
      </main>
    </div>
  );
}
