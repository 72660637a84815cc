// The one dialog every modal uses, on Radix Dialog: labelled by its title, focus moved in and
// restored on close, Escape, a click on the overlay and the Close button all close it.
import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { createContext, type ReactNode, use, useState } from "react";
import { cx } from "./cx";
import { revealFocused, useScrollingBox } from "./modal-scrolling";
import { useNoticeOutlet } from "./notice-outlet";
import { useBodyClass } from "./use-body-class";
import { useFocusReturn } from "./use-focus-return";
import styles from "./modal.module.css";

/** spec 2: the class the body carries while a modal is shown. */
export const MODAL_OPEN_CLASS = "modal-open";

const ModalBodyContext = createContext<HTMLElement | null>(null);

/**
 * The element that scrolls the open modal's body (the body itself, or the whole dialog in a short
 * window), for content that renders only what is in view (the All lists' virtual grid); null
 * outside a modal and until the body is in the document.
 */
export function useModalBody(): HTMLElement | null {
  return use(ModalBodyContext);
}

export interface ModalProps {
  open: boolean;
  /** Called on Escape, an overlay click and the Close button. */
  onClose: () => void;
  title: string;
  description?: ReactNode;
  /**
   * The id of text in the body that describes the dialog (what a form was filled in from), for
   * one that has no `description`: said as it opens, even when focus starts past that text.
   */
  describedBy?: string;
  size?: "small" | "medium" | "large";
  /** Buttons under the body, for modals whose actions are not part of a form. */
  footer?: ReactNode;
  /**
   * For read-only modals (the All lists): the body takes focus first, so that the keyboard can
   * scroll it and a screen reader starts on the content.
   */
  focusableBody?: boolean;
  /**
   * Controls of the body's content under the title and description, outside the scrolling body
   * (the lists' search). Focus starts past them: on a focusable body, or the body's first control.
   */
  tools?: ReactNode;
  /**
   * An error banner under the title, outside the scrolling body (whose virtual grid places its
   * rows from where the list starts).
   */
  banner?: ReactNode;
  /**
   * For the lists where a person changes records (All Tasks, Events, Subscriptions): the page's
   * status notice (Mark done's, with its Undo) shows at this dialog's foot while it is on top
   * (notice-outlet.ts). Other dialogs leave it behind them, as they leave the page.
   */
  pageNotices?: boolean;
  /** "alertdialog" for a question that interrupts (a confirmation). */
  role?: "dialog" | "alertdialog";
  /**
   * Where focus starts, given the dialog, when its first control is not where the person should
   * begin; without it (or when it finds nothing) focus starts on that first control (Radix's).
   */
  initialFocus?: (dialog: HTMLElement) => HTMLElement | null;
  children: ReactNode;
}

export function Modal({
  open,
  onClose,
  title,
  description,
  describedBy,
  size = "medium",
  footer,
  focusableBody = false,
  pageNotices = false,
  role = "dialog",
  tools,
  banner,
  initialFocus,
  children,
}: ModalProps) {
  useBodyClass(MODAL_OPEN_CLASS, open);
  const focusReturn = useFocusReturn();
  // State rather than a ref: React runs a child's layout effects before it sets its parent's ref,
  // so the body's content learns of the element from the render that follows its mounting.
  const [body, setBody] = useState<HTMLDivElement | null>(null);
  const [titleElement, setTitleElement] = useState<HTMLHeadingElement | null>(null);
  const scrollingBox = useScrollingBox(body, titleElement);
  const [noticeOutlet, setNoticeOutlet] = useState<HTMLDivElement | null>(null);
  useNoticeOutlet(noticeOutlet);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <Dialog.Portal>
        {/* data-modal-overlay: a stable hook for tests and end-to-end runs (the overlay has no role). */}
        <Dialog.Overlay
          className={styles.overlay}
          data-modal-overlay=""
          // A click on the overlay leaves focus where it was: a dialog that asks before closing
          // (the Add form with something typed) gives it back to that field, not to the page.
          onMouseDown={(event) => {
            event.preventDefault();
          }}
        />
        <Dialog.Content
          role={role}
          // Where focus goes when a control inside leaves the document (use-focus-kept).
          data-focus-home=""
          className={cx(styles.content, styles[size])}
          onOpenAutoFocus={(event) => {
            focusReturn.onOpenAutoFocus();
            // Radix dispatches this on the dialog's element; prevented, it focuses nothing itself.
            const dialog = event.currentTarget instanceof HTMLElement ? event.currentTarget : null;
            const chosen = dialog && initialFocus?.(dialog);
            if (chosen) {
              event.preventDefault();
              chosen.focus();
              return;
            }
            const past = dialog && tools ? startPastTools(dialog, focusableBody) : null;
            if (!past) return;
            // Without scrolling, as Radix focuses: a focused body taller than a short window
            // would otherwise open the dialog at the end of its list. One that cannot take focus
            // (hidden) leaves the choice to Radix.
            past.focus({ preventScroll: true });
            if (past.ownerDocument.activeElement === past) event.preventDefault();
          }}
          onCloseAutoFocus={focusReturn.onCloseAutoFocus}
          onEscapeKeyDown={(event) => {
            // Escape in a search with words in it clears them (list-search.tsx), as a browser's
            // own search field does; the next Escape closes.
            if (isTypedSearch(event.target)) event.preventDefault();
          }}
          onFocus={revealFocused}
          // Without a description Radix must not point aria-describedby at nothing.
          {...(description ? {} : { "aria-describedby": describedBy })}
        >
          <div className={styles.header}>
            <Dialog.Title ref={setTitleElement} className={styles.title}>
              {title}
            </Dialog.Title>
            {description && (
              <Dialog.Description className={styles.description}>{description}</Dialog.Description>
            )}
            {tools}
            {banner}
          </div>
          <div
            ref={setBody}
            data-modal-body=""
            className={styles.body}
            role={focusableBody ? "region" : undefined}
            aria-label={focusableBody ? title : undefined}
            // A scrollable region must be reachable by keyboard (axe scrollable-region-focusable).
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see above
            tabIndex={focusableBody ? 0 : undefined}
          >
            <ModalBodyContext value={scrollingBox}>{children}</ModalBodyContext>
          </div>
          {footer && <div className={styles.footer}>{footer}</div>}
          {/* After what the dialog is for in the tab order. */}
          {pageNotices && <div ref={setNoticeOutlet} className={styles.noticeOutlet} />}
          {/* Last in the tab order so focus starts on the content; drawn top right. */}
          <Dialog.Close className={styles.close} aria-label="Close">
            <X size={20} aria-hidden="true" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * Where a dialog with tools starts: its focusable body, or the body's first control. Not in the
 * tools: a search field focused as the dialog opens would bring up a phone's keyboard over it.
 */
function startPastTools(dialog: HTMLElement, focusableBody: boolean): HTMLElement | null {
  const body = dialog.querySelector<HTMLElement>("[data-modal-body]");
  if (focusableBody || body === null) return body;
  return body.querySelector<HTMLElement>(
    'button:not(:disabled), a[href], input:not(:disabled), select, textarea, [tabindex="0"]',
  );
}

function isTypedSearch(target: EventTarget | null): boolean {
  return target instanceof HTMLInputElement && target.type === "search" && target.value !== "";
}
