// spec 1: the welcome banner with its two buttons.
import { type User, displayName } from "@life-admin/domain";
import { Plus, Upload } from "lucide-react";
import { type Ref, useId } from "react";
import { Button } from "../base/button";
import styles from "./welcome-banner.module.css";

export interface WelcomeBannerProps {
  user: Pick<User, "full_name"> | null | undefined;
  /** "Add Task/Event" */
  onAdd: () => void;
  /** "Upload File" */
  onUpload: () => void;
  /** The greeting, the page's heading, which the app focuses when the page is reached inside it. */
  headingRef?: Ref<HTMLHeadingElement>;
}

export function WelcomeBanner({ user, onAdd, onUpload, headingRef }: WelcomeBannerProps) {
  const greetingId = useId();
  return (
    <section className={styles.banner} aria-labelledby={greetingId}>
      <div className={styles.text}>
        <h1 id={greetingId} ref={headingRef} tabIndex={-1} className={styles.greeting}>
          Good Morning, {displayName(user)}
        </h1>
        <p className={styles.subtitle}>Here&apos;s what&apos;s happening in your life today.</p>
      </div>
      <div className={styles.actions}>
        <Button variant="primary" className={styles.primary} onClick={onAdd}>
          <Plus size={18} aria-hidden="true" />
          Add Task/Event
        </Button>
        <Button variant="secondary" className={styles.secondary} onClick={onUpload}>
          <Upload size={18} aria-hidden="true" />
          Upload File
        </Button>
      </div>
    </section>
  );
}
