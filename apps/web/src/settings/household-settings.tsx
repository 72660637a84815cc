// issue 23: Settings' "Household", as the app runs it: the person's household (GET /households/me,
// 404: in none), who they are (GET /users/me) and an owner's links not used yet, loaded by the
// Settings page as it opens (use-settings-loads.ts); creating one, an invitation link (listed with
// the others), withdrawing a link, removing a member and leaving, each answer shown at once. A
// refusal shows the API's words and leaves the section as it was (the name typed stays). A link
// leaves the list (and the link shown to copy) at the moment it expires, as the list's note says.
// The household's calls load with Settings, not in the first download (issue 7's budget).
import { ApiError } from "@life-admin/api-client";
import {
  type Household,
  type HouseholdInvitation,
  type PendingInvitation,
  householdCalls,
} from "@life-admin/api-client/households";
import type { HouseholdMember } from "@life-admin/domain/household";
import { type User, displayName } from "@life-admin/domain";
import { type HouseholdBusy, HouseholdSection } from "@life-admin/ui";
import { type SetStateAction, useMemo, useState } from "react";
import { copyText } from "../calendar/copy-text";
import { useServices } from "../use-services";
import { messageOf } from "./message-of";
import { unexpiredAt, useLinkExpiry } from "./use-link-expiry";
import { type Loaded, type LoadedState, changeLoaded, isLoaded } from "./use-loaded";
import type { OwnHousehold } from "./own-household";

export interface HouseholdSettingsProps {
  /** The person, loaded once by the Settings page: which member is "you". */
  user: Loaded<User>;
  /** Asks the page for the person again, when "Try again" follows their failing to load. */
  onReloadUser: () => void;
  /** The household, loaded by the Settings page; changed here by each answer. */
  household: LoadedState<OwnHousehold>;
  /** Its owner's links not used yet (none for others), loaded by the page; changed here too. */
  links: LoadedState<PendingInvitation[]>;
}

const LINK_WITHDRAWN = "The link was withdrawn: it no longer works.";
const LINK_ALREADY_GONE = "That link was already gone: used, withdrawn or expired.";
const LINK_EXPIRED = "An invitation link expired: it no longer works.";
const NO_LINKS: readonly PendingInvitation[] = [];

/** What a 422 says about the household's name, if it is about the name. */
function nameErrorOf(failure: unknown): string | null {
  if (!(failure instanceof ApiError) || !Array.isArray(failure.detail)) return null;
  return failure.detail.find((issue) => issue.loc[1] === "name")?.msg ?? null;
}

/**
 * A 404 to a removal, a leaving or a withdrawal: the member, the person or the link was out
 * already, as they wanted; `then` shows it so, and the failure is handled.
 */
function outAlready(then: () => void) {
  return (failure: unknown): boolean => {
    if (!(failure instanceof ApiError && failure.status === 404)) return false;
    then();
    return true;
  };
}

export function HouseholdSettings({
  user,
  onReloadUser,
  household: [mine, setMine, reloadMine],
  links: [links, setLinks, reloadLinks],
}: HouseholdSettingsProps) {
  const { client, locale, timeZone, now } = useServices();
  const calls = useMemo(() => householdCalls(client), [client]);
  const [invitation, setInvitation] = useState<HouseholdInvitation | null>(null);
  const [busy, setBusy] = useState<HouseholdBusy>(null);
  const [error, setError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  /** The loaded household, changed by an answer (not while it loads or after it failed to). */
  const setHousehold = (next: SetStateAction<Household | null>) => {
    changeLoaded(setMine)((was) => ({
      household: typeof next === "function" ? next(was.household) : next,
    }));
  };
  /** The loaded links, changed by an answer, as the household is. */
  const changeLinks = changeLoaded(setLinks);

  useLinkExpiry(isLoaded(links) ? links : NO_LINKS, now, (at) => {
    const joins = unexpiredAt(at);
    changeLinks((was) => was.filter(joins));
    setInvitation((shown) => (shown === null || joins(shown) ? shown : null));
    setStatus(LINK_EXPIRED);
  });

  /** Runs a change: busy while it runs, its outcome in the section, its failure in words. */
  const change = <T,>(
    doing: HouseholdBusy,
    call: Promise<T>,
    done: (result: T) => void,
    handled?: (failure: unknown) => boolean,
  ) => {
    setBusy(doing);
    setError(null);
    setNameError(null);
    setStatus(null);
    call
      .then(done, (failure: unknown) => {
        if (handled?.(failure)) return;
        console.error(failure);
        setError(messageOf(failure));
        setNameError(nameErrorOf(failure));
      })
      .finally(() => {
        setBusy(null);
      });
  };

  const create = (name: string) => {
    change("creating", calls.create(name), (household) => {
      setHousehold(household);
      setStatus(`${household.name} was created. Invite the people you live with.`);
    });
  };

  const invite = () => {
    change("inviting", calls.invite(), (made) => {
      setInvitation(made);
      const { id, created_at, expires_at } = made;
      changeLinks((was) => [{ id, created_at, expires_at }, ...was]);
      setStatus("A new invitation link is ready to copy.");
    });
  };

  const withdraw = (link: PendingInvitation) => {
    const offTheList = (said: string) => () => {
      changeLinks((was) => was.filter((waiting) => waiting.id !== link.id));
      // The link shown to copy joins no one now: it goes too.
      setInvitation((shown) => (shown?.id === link.id ? null : shown));
      setStatus(said);
    };
    // A 404: used, withdrawn (another tab) or expired since this page loaded.
    const gone = outAlready(offTheList(LINK_ALREADY_GONE));
    change({ withdrawing: link.id }, calls.withdraw(link.id), offTheList(LINK_WITHDRAWN), gone);
  };

  const remove = (member: HouseholdMember) => {
    const name = displayName(member);
    const offTheList = (said: string) => () => {
      setHousehold((was) =>
        was ? { ...was, members: was.members.filter((m) => m.user_id !== member.user_id) } : was,
      );
      setStatus(said);
    };
    const call = calls.remove(member.user_id);
    // A 404: they left (or were removed elsewhere) since this page loaded; no one removed them now.
    const gone = outAlready(offTheList(`${name} had already left the household.`));
    change(
      { removing: member.user_id },
      call,
      offTheList(`${name} was removed from the household.`),
      gone,
    );
  };

  const leave = () => {
    const left = () => {
      setHousehold(null);
      // Its links were the household's: a household made next starts with none.
      changeLinks(() => []);
      setInvitation(null);
      setStatus("You left the household.");
    };
    change("leaving", calls.leave(), left, outAlready(left));
  };

  const retry = () => {
    setError(null);
    if (mine instanceof Error) reloadMine();
    if (user instanceof Error) onReloadUser();
    if (links instanceof Error) reloadLinks();
  };

  // A load's failure, in the section's words; a change's own error comes first.
  const failed = [mine, user, links].find((loaded) => loaded instanceof Error);
  const loadError = failed ? `Your household could not be loaded: ${failed.message}` : null;
  const ready = isLoaded(mine) && isLoaded(user) && isLoaded(links);
  return (
    <HouseholdSection
      // Shown once the household, who the person is and the owner's links are known.
      household={ready ? mine.household : undefined}
      userId={ready ? user.id : 0}
      locale={locale}
      timeZone={timeZone}
      onCreate={create}
      onInvite={invite}
      invitation={invitation}
      invitations={ready ? links : []}
      onWithdraw={withdraw}
      onCopy={copyText}
      onRemove={remove}
      onLeave={leave}
      busy={busy}
      error={error ?? loadError}
      nameError={nameError}
      onRetry={retry}
      status={status}
    />
  );
}
