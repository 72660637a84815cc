// issue 19: what "Save and add to calendar" does after the task is saved. The app asks for the
// person's calendar feed: connected, a short note says the task will appear in their calendar;
// not yet, the dialog offers the feed (ui's ConnectCalendarDialog), and its "I've added it" tells
// the API, so that it is not offered again. Nothing here can lose the saved task: a failure is a
// quiet note. Loaded after the first such save (item-dialog.tsx).
import { calendarCalls } from "@life-admin/api-client/calendar";
import type { CalendarFeed } from "@life-admin/domain";
import { ConnectCalendarDialog } from "@life-admin/ui";
import { useEffect, useState } from "react";
import { useServices } from "../use-services";
import { copyText } from "./copy-text";

export const IN_CALENDAR_NOTICE = "Saved. It will appear in your calendar.";
export const FEED_FAILED_NOTICE = "Saved. Your calendar details could not be loaded just now.";
export const CONNECT_FAILED_NOTICE =
  "Your calendar could not be marked as connected; it will be offered again.";

export interface CalendarFollowUpProps {
  /** How many tasks were saved with "Save and add to calendar": each new one is followed up. */
  saves: number;
  /** A note for the page's status region (null clears it). */
  onNotice: (message: string | null) => void;
  /**
   * The offer's dialog shown or on its way (the feed asked for), or gone: the page's history knows
   * it, so that Back closes it.
   */
  onOfferShown?: (shown: boolean) => void;
}

export function CalendarFollowUp({ saves, onNotice, onOfferShown }: CalendarFollowUpProps) {
  const { client } = useServices();
  // The feed offered, kept after the dialog closes (so that Radix hands focus back).
  const [offer, setOffer] = useState<{ feed: CalendarFeed; open: boolean } | null>(null);
  // The save whose feed has answered: until the latest has, its offer may be on its way.
  const [answered, setAnswered] = useState(0);

  useEffect(() => {
    let current = true;
    calendarCalls(client)
      .feed()
      .then(
        (feed) => {
          if (!current) return;
          if (feed.connected) onNotice(IN_CALENDAR_NOTICE);
          else setOffer({ feed, open: true });
          setAnswered(saves);
        },
        (failure: unknown) => {
          console.error(failure);
          if (!current) return;
          onNotice(FEED_FAILED_NOTICE);
          setAnswered(saves);
        },
      );
    return () => {
      current = false;
    };
  }, [client, saves, onNotice]);

  // The saved form's history entry is handed to the offer while the feed is asked for, not gone
  // back from and pushed again: a Back in between would meet the dashboard's own entry.
  const shown = answered !== saves || offer?.open === true;
  useEffect(() => {
    onOfferShown?.(shown);
    // Gone with this part too (the saved task's dialog closed for good).
    return () => {
      onOfferShown?.(false);
    };
  }, [shown, onOfferShown]);

  if (offer === null) return null;
  // Told at once, in the same render as the dialog's close, not by the effect above a render
  // later: a Back that closed it would otherwise meet the page's history with the offer still
  // shown, and push its entry again.
  const close = () => {
    setOffer({ ...offer, open: false });
    onOfferShown?.(false);
  };
  return (
    <ConnectCalendarDialog
      open={offer.open}
      feed={offer.feed}
      onCopy={copyText}
      onClose={close}
      onDone={() => {
        close();
        calendarCalls(client)
          .setConnected(true)
          .catch((failure: unknown) => {
            console.error(failure);
            onNotice(CONNECT_FAILED_NOTICE);
          });
      }}
    />
  );
}
