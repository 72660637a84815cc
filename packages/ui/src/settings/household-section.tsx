// issue 23, decisions D16: Settings' "Household". In none: what a household is, and a name to
// create one. In one: its name and members; its owner makes single-use invitation links (shown
// with Copy link and until when they work), sees those not used yet and withdraws them
// (waiting-invitation-links.tsx), and removes members; anyone leaves. Removing and
// leaving ask first and say what happens (the API's trigger, migration 0012): what the person
// shared stops being shared, what was assigned to them goes back to its owner, and an owner who
// leaves hands the household to the member who joined first after them, or ends it when alone.
import { displayName } from "@life-admin/domain";
import { HouseholdCreateSchema } from "@life-admin/domain/household";
import type {
  Household,
  HouseholdInvitation,
  HouseholdMember,
  PendingInvitation,
} from "@life-admin/domain/household";
import { type SubmitEvent, useEffect, useId, useRef, useState } from "react";
import { Badge } from "../base/badge";
import { Button } from "../base/button";
import { TextInput } from "../base/controls";
import { cx } from "../base/cx";
import { ErrorBanner } from "../base/error-banner";
import { Field } from "../base/field";
import { ConfirmDialog } from "../base/confirm-dialog";
import { FeedAddress } from "../calendar/feed-address";
// A settings section's frame and text, as the calendar feed's; a list's rows, as the devices'.
import section from "../calendar/calendar-feed.module.css";
import list from "./sessions-section.module.css";
import styles from "./household-section.module.css";
import { SectionLoading } from "./section-loading";
import { WaitingInvitationLinks } from "./waiting-invitation-links";

export const HOUSEHOLD_HEADING = "Household";
export const HOUSEHOLD_NAME_LABEL = "Household name";
export const CREATE_HOUSEHOLD_LABEL = "Create household";
export const INVITE_LABEL = "Invite someone";
export const INVITATION_LINK_LABEL = "Invitation link";
export const COPY_LINK_LABEL = "Copy link";
export const REMOVE_LABEL = "Remove";
export const LEAVE_LABEL = "Leave household";
export const LOADING_HOUSEHOLD_TEXT = "Loading your household...";
export const HOUSEHOLD_INTRO_TEXT =
  "A household shares life admin with the people you live with: tasks and subscriptions " +
  "everyone sees in Family view, and can be assigned to any of you. Nothing of yours is " +
  "shared unless you choose “Share with household” on it. To join someone's household, open " +
  "the invitation link they send you.";

/** What the section is doing: removing a member, withdrawing a link (by id), or the others. */
export type HouseholdBusy =
  "creating" | "inviting" | "leaving" | { removing: number } | { withdrawing: number } | null;

export interface HouseholdSectionProps {
  /** The person's household; null when they are in none; undefined while it loads. */
  household: Household | null | undefined;
  /** The signed-in person: "(you)", and whether they own the household. */
  userId: number;
  locale?: string;
  timeZone?: string;
  onCreate: (name: string) => void;
  onInvite: () => void;
  /** The link the owner made last, shown until they leave the page or withdraw it. */
  invitation?: HouseholdInvitation | null;
  /** The owner's links not used yet (the one made last among them), the newest first. */
  invitations?: readonly PendingInvitation[];
  onWithdraw: (invitation: PendingInvitation) => void;
  /** Puts the link on the clipboard; rejects when the browser refuses. */
  onCopy: (text: string) => Promise<void>;
  onRemove: (member: HouseholdMember) => void;
  onLeave: () => void;
  busy?: HouseholdBusy;
  /** Why the last request failed, in the API's words; what was shown and typed stays. */
  error?: string | null;
  /** What the API said is wrong with the name typed. */
  nameError?: string | null;
  /** Shown when the household could not be loaded at all: load it again. */
  onRetry?: () => void;
  /** What the last change did ("Grace Hopper was removed."), announced. */
  status?: string | null;
}

/** What leaving does, said before the person confirms. */
export function leavingText(household: Household, userId: number): string {
  const shared =
    "What you shared with the household stops being shared, and what was assigned to you goes " +
    "back to its owner.";
  const others = household.members.filter((member) => member.user_id !== userId);
  const owner = household.members.find((member) => member.role === "owner");
  const [next] = others;
  if (next === undefined) {
    return `${shared} You are its only member: the household and its invitation links are deleted.`;
  }
  if (owner?.user_id !== userId) return `${shared} To come back, you need a new invitation link.`;
  return `${shared} ${displayName(next)}, who joined first after you, becomes its owner.`;
}

/** What removing a member does, said before the owner confirms. */
function removingText(member: HouseholdMember): string {
  const name = displayName(member);
  return (
    `${name} leaves the household at once. What they shared stops being shared, and what was ` +
    `assigned to them goes back to its owner.`
  );
}

/** "Works once, until 28 Nov 2026, 11:00" in the person's locale and time zone. */
function worksUntilText(expiresAt: string, locale?: string, timeZone?: string): string {
  const until = new Date(expiresAt).toLocaleString(locale, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone,
  });
  return `Works once, until ${until}. Send it to the person you are inviting.`;
}

interface Question {
  title: string;
  text: string;
  confirm: string;
  onConfirm: () => void;
}

/**
 * Where focus goes when what it was on leaves: the created household's Invite someone (its
 * owner's next step) replaces the form that created it, and a new invitation's link takes the focus of the
 * button that asked for it (which was held while the link was made). Without it, focus fell to
 * the page and the next Tab skipped past the link. A member removed takes their Remove button with
 * them, and leaving takes the whole list: when focus has fallen to the page, it goes to the
 * owner's Invite someone (else Leave household), or after leaving to the section's heading, above
 * the form to create or the words on joining.
 */
function useFocusAfter(household: Household | null | undefined, invitationUrl?: string) {
  const sectionRef = useRef<HTMLElement>(null);
  const was = useRef({ household, invitationUrl });
  useEffect(() => {
    const before = was.current;
    was.current = { household, invitationUrl };
    const root = sectionRef.current;
    if (root === null) return;
    if (before.household === null && household) {
      root.querySelector<HTMLButtonElement>("[data-invite]")?.focus();
    } else if (invitationUrl !== undefined && invitationUrl !== before.invitationUrl) {
      root.querySelector<HTMLInputElement>("input[readonly]")?.focus();
    } else if (before.household && household !== before.household && focusLost()) {
      const next = household
        ? root.querySelector<HTMLElement>("[data-invite], [data-leave]")
        : root.querySelector<HTMLElement>("h2");
      next?.focus();
    }
  }, [household, invitationUrl]);
  return sectionRef;
}

function focusLost(): boolean {
  return document.activeElement === null || document.activeElement === document.body;
}

export function HouseholdSection(props: HouseholdSectionProps) {
  const { household, error, onRetry, status } = props;
  const headingId = useId();
  const sectionRef = useFocusAfter(household, props.invitation?.url);
  return (
    <section
      ref={sectionRef}
      aria-labelledby={headingId}
      className={cx(section.section, section.stack)}
    >
      {/* tabIndex -1: focus lands here after leaving (useFocusAfter), never by Tab. */}
      <h2 id={headingId} className={section.heading} tabIndex={-1}>
        {HOUSEHOLD_HEADING}
      </h2>
      {household === undefined ? (
        <>
          <ErrorBanner message={error} />
          <SectionLoading text={LOADING_HOUSEHOLD_TEXT} error={error} onRetry={onRetry} />
        </>
      ) : household === null ? (
        <CreateHousehold {...props} />
      ) : (
        <HouseholdMembers {...props} household={household} />
      )}
      <p role="status" className={section.note}>
        {status ?? ""}
      </p>
    </section>
  );
}

/** In no household: what one is, and a name to create one with. */
function CreateHousehold({ onCreate, busy, error, nameError }: HouseholdSectionProps) {
  const [name, setName] = useState("");
  // The domain's rule, the API's own: shown at the field before anything is sent.
  const [invalid, setInvalid] = useState<string | null>(null);
  // As the Add forms: a refused name sends focus to the field, whose description is now the error
  // (read out as focus arrives). Counted, so that a second refusal of the same name does it again.
  const field = useRef<HTMLInputElement>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0 || nameError) field.current?.focus();
  }, [refusals, nameError]);
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = HouseholdCreateSchema.safeParse({ name });
    setInvalid(parsed.success ? null : (parsed.error.issues[0]?.message ?? null));
    if (!parsed.success) setRefusals((count) => count + 1);
    else if (busy !== "creating") onCreate(name);
  };
  return (
    <>
      <p className={section.text}>{HOUSEHOLD_INTRO_TEXT}</p>
      <form
        aria-label={CREATE_HOUSEHOLD_LABEL}
        className={section.stack}
        noValidate
        onSubmit={submit}
      >
        <Field label={HOUSEHOLD_NAME_LABEL} error={invalid ?? nameError}>
          {(control) => (
            <TextInput
              {...control}
              ref={field}
              value={name}
              autoComplete="off"
              onChange={(event) => {
                setName(event.target.value);
                setInvalid(null);
              }}
            />
          )}
        </Field>
        <div className={section.actions}>
          <Button type="submit" variant="primary" busy={busy === "creating"} busyText="Creating...">
            {CREATE_HOUSEHOLD_LABEL}
          </Button>
        </div>
      </form>
      <ErrorBanner message={error ? `Your household was not created: ${error}` : null} />
    </>
  );
}

/** In a household: its name and members, the owner's invitations and removals, and leaving. */
function HouseholdMembers({
  household,
  userId,
  locale,
  timeZone,
  onInvite,
  invitation,
  invitations = [],
  onWithdraw,
  onCopy,
  onRemove,
  onLeave,
  busy = null,
  error,
}: HouseholdSectionProps & { household: Household }) {
  const nameId = useId();
  // The question stays while its dialog closes; `asking` opens and closes it.
  const [question, setQuestion] = useState<Question | null>(null);
  const [asking, setAsking] = useState(false);
  const ask = (next: Question) => {
    setQuestion(next);
    setAsking(true);
  };
  const owner = household.members.some(
    (member) => member.user_id === userId && member.role === "owner",
  );
  const working = busy !== null;
  // The member being removed, or the link being withdrawn.
  const changing = typeof busy === "object" ? busy : null;
  const removing = changing !== null && "removing" in changing ? changing.removing : null;
  const withdrawing = changing !== null && "withdrawing" in changing ? changing.withdrawing : null;
  const close = () => {
    setAsking(false);
  };
  return (
    <>
      <p id={nameId} className={styles.name}>
        {household.name}
      </p>
      <ErrorBanner message={error} />
      <ul className={list.list} aria-labelledby={nameId}>
        {household.members.map((member) => {
          const name = displayName(member);
          return (
            <li key={member.user_id} className={list.item}>
              <span className={list.name}>
                {name}
                {member.user_id === userId && " (you)"}
                <Badge tone={member.role === "owner" ? "info" : "neutral"} className={list.badge}>
                  {member.role === "owner" ? "Owner" : "Member"}
                </Badge>
              </span>
              {owner && member.user_id !== userId && (
                <Button
                  size="small"
                  aria-label={`${REMOVE_LABEL} ${name}`}
                  busy={removing === member.user_id}
                  busyText="Removing..."
                  disabled={working}
                  onClick={() => {
                    ask({
                      title: `Remove ${name}?`,
                      text: removingText(member),
                      confirm: REMOVE_LABEL,
                      onConfirm: () => {
                        onRemove(member);
                      },
                    });
                  }}
                >
                  {REMOVE_LABEL}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {owner && (
        <div className={section.stack}>
          {invitation && (
            <div className={styles.invitation}>
              <FeedAddress
                url={invitation.url}
                onCopy={onCopy}
                label={INVITATION_LINK_LABEL}
                copyLabel={COPY_LINK_LABEL}
              />
              <p className={section.note}>
                {worksUntilText(invitation.expires_at, locale, timeZone)}
              </p>
            </div>
          )}
          <div className={section.actions}>
            <Button
              data-invite=""
              busy={busy === "inviting"}
              busyText="Making a link..."
              disabled={working}
              onClick={onInvite}
            >
              {invitation ? "Make another link" : INVITE_LABEL}
            </Button>
          </div>
          <WaitingInvitationLinks
            invitations={invitations}
            locale={locale}
            timeZone={timeZone}
            onWithdraw={onWithdraw}
            withdrawing={withdrawing}
            held={working}
          />
        </div>
      )}
      <div className={section.actions}>
        <Button
          data-leave=""
          variant="danger"
          busy={busy === "leaving"}
          busyText="Leaving..."
          disabled={working}
          onClick={() => {
            ask({
              title: `Leave ${household.name}?`,
              text: leavingText(household, userId),
              confirm: LEAVE_LABEL,
              onConfirm: onLeave,
            });
          }}
        >
          {LEAVE_LABEL}
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        title={question?.title ?? ""}
        text={question?.text ?? ""}
        confirm={question?.confirm ?? ""}
        onConfirm={() => {
          close();
          question?.onConfirm();
        }}
        onCancel={close}
      />
    </>
  );
}
