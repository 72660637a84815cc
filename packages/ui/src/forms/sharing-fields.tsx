// issue 23: a task's or subscription's "Share with household" and "Assigned To" for a person in a
// household (without one, the forms keep the spec's "Assigned To" with Myself alone). A record is
// private until shared; only a shared one is assigned to another member; only its owner changes
// either: anyone else sees whose it is and who has it.
import { useId } from "react";
import { Checkbox } from "../base/checkbox";
import { Select } from "../base/controls";
import { Field } from "../base/field";
import styles from "./sharing-fields.module.css";

export const SHARE_LABEL = "Share with household";
export const ASSIGNED_TO_LABEL = "Assigned To";
export const MYSELF = "Myself";

/** Who a record is shared with and assigned to; assigneeId null: its owner. */
export interface SharingChoice {
  shared: boolean;
  assigneeId: number | null;
}

export interface SharingFieldsProps {
  /** The household's other members, by id and name (the person is "Myself"). */
  members: readonly { id: number; name: string }[];
  value: SharingChoice;
  onChange: (value: SharingChoice) => void;
  /** The record's owner when that is someone else: whose it is; nothing here can be changed. */
  ownerName?: string;
  /** The person's own id: how they are named when another member's record is assigned to them. */
  myId?: number;
}

export function SharingFields({ members, value, onChange, ownerName, myId }: SharingFieldsProps) {
  const hintId = useId();
  const readOnly = ownerName !== undefined;
  const options = readOnly
    ? [
        { value: "", label: ownerName },
        ...members.map((member) => ({ value: String(member.id), label: member.name })),
        ...(myId === undefined ? [] : [{ value: String(myId), label: MYSELF }]),
      ]
    : [
        { value: "", label: MYSELF },
        ...members.map((member) => ({ value: String(member.id), label: member.name })),
      ];
  return (
    <div className={styles.sharing}>
      <Checkbox
        label={SHARE_LABEL}
        checked={value.shared}
        disabled={readOnly}
        aria-describedby={hintId}
        onChange={(event) => {
          // A record no longer shared is its owner's again.
          const shared = event.target.checked;
          onChange({ shared, assigneeId: shared ? value.assigneeId : null });
        }}
      />
      <p id={hintId} className={styles.hint}>
        {readOnly
          ? `${ownerName} shares this with the household; only they can change who it is shared with and assigned to.`
          : value.shared
            ? "Everyone in your household sees it; who it is assigned to can change and complete it."
            : "Only you see it. Share it with your household to assign it to someone else."}
      </p>
      <Field label={ASSIGNED_TO_LABEL}>
        {(control) => (
          <Select
            {...control}
            value={value.assigneeId === null ? "" : String(value.assigneeId)}
            disabled={readOnly || !value.shared}
            options={options}
            onChange={(event) => {
              const id = event.target.value;
              onChange({ ...value, assigneeId: id === "" ? null : Number(id) });
            }}
          />
        )}
      </Field>
    </div>
  );
}
