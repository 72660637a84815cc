// spec 2: the dashboard's loading and error states (and the callback page's "Authenticating...").
import { CircleAlert } from "lucide-react";
import { Button } from "../base/button";
import styles from "./status-screen.module.css";

export const LOADING_DATA_TEXT = "Loading your data...";
/** While the app itself loads, before it knows the page (apps/web/index.html says the same). */
export const LOADING_APP_TEXT = "Loading...";
export const AUTHENTICATING_TEXT = "Authenticating...";

/** A page-sized waiting state (the page's <main>), announced politely (role="status"). */
export function LoadingScreen({ message = LOADING_DATA_TEXT }: { message?: string }) {
  return (
    <main className={styles.screen}>
      <span className={styles.spinner} aria-hidden="true" />
      <p role="status" className={styles.message}>
        {message}
      </p>
    </main>
  );
}

export interface ErrorScreenProps {
  /** The server's or the client's message, shown as "Error: {message}". */
  message: string;
  /** spec 2: the Reload button reloads the page; the web app does the reloading. */
  onReload: () => void;
}

/** The page's <main> when the dashboard could not load. */
export function ErrorScreen({ message, onReload }: ErrorScreenProps) {
  return (
    <main className={styles.screen}>
      <div className={styles.errorCard}>
        <CircleAlert className={styles.errorIcon} size={32} aria-hidden="true" />
        <p role="alert" className={styles.errorText}>
          Error: {message}
        </p>
        <Button variant="primary" onClick={onReload}>
          Reload
        </Button>
      </div>
    </main>
  );
}
