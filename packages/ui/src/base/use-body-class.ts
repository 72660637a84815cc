// spec 2: the body carries a class while a modal is shown. Counted, so that one modal closing
// while another is open (the chooser handing over to Add Task) leaves the class in place.
import { useEffect } from "react";

const holders = new Map<string, number>();

/** Puts `className` on document.body while `active` is true and the component is mounted. */
export function useBodyClass(className: string, active: boolean): void {
  useEffect(() => {
    if (!active) return undefined;
    holders.set(className, (holders.get(className) ?? 0) + 1);
    document.body.classList.add(className);
    return () => {
      const left = (holders.get(className) ?? 1) - 1;
      holders.set(className, left);
      if (left === 0) document.body.classList.remove(className);
    };
  }, [className, active]);
}
