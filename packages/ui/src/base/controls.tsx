// The styled form controls. Every prop reaches the element, including `ref` (React 19 passes it as
// a prop), so react-hook-form's `register` works as is: <TextInput {...register("title")} />.
import { type ComponentPropsWithRef, useId } from "react";
import { cx } from "./cx";
import styles from "./controls.module.css";

// dir="auto": what a person types in any script reads in its own direction (an Arabic title from
// the right, its closing punctuation at its end), inside this left-to-right page.
export function TextInput({ className, type = "text", ...rest }: ComponentPropsWithRef<"input">) {
  return <input type={type} dir="auto" className={cx(styles.control, className)} {...rest} />;
}

export type SelectOption = string | { value: string; label: string };

export interface SelectProps extends ComponentPropsWithRef<"select"> {
  /** The choices; a plain string is both value and label. Children are rendered after them. */
  options?: readonly SelectOption[];
}

export function Select({ className, options = [], children, ...rest }: SelectProps) {
  return (
    <select className={cx(styles.control, styles.select, className)} {...rest}>
      {options.map((option) => {
        const { value, label } =
          typeof option === "string" ? { value: option, label: option } : option;
        return (
          <option key={value} value={value}>
            {label}
          </option>
        );
      })}
      {children}
    </select>
  );
}

export function TextArea({ className, ...rest }: ComponentPropsWithRef<"textarea">) {
  return (
    <textarea dir="auto" className={cx(styles.control, styles.textArea, className)} {...rest} />
  );
}

export interface MoneyInputProps extends Omit<ComponentPropsWithRef<"input">, "type"> {
  /** The person's currency's sign ("£", "€", "CA$": domain's currencySymbol), issue 22. */
  currencySymbol: string;
}

/**
 * spec 5: cost is numeric, minimum 0, to the cent: the form's rules say so beside it. A text field
 * with a decimal keypad, not a number field: a browser's number field takes only its page's
 * writing (lang="en"), and dropped the comma a German types ("12,99" became 1299). The currency
 * symbol is shown before the number and read as part of the control's description.
 */
export function MoneyInput({
  className,
  currencySymbol,
  inputMode = "decimal",
  "aria-describedby": describedBy,
  ...rest
}: MoneyInputProps) {
  const prefixId = useId();
  return (
    <div className={styles.money}>
      <span id={prefixId} className={styles.prefix}>
        {currencySymbol}
      </span>
      <input
        type="text"
        inputMode={inputMode}
        aria-describedby={cx(prefixId, describedBy)}
        className={cx(styles.moneyInput, className)}
        {...rest}
      />
    </div>
  );
}

export interface CountInputProps extends Omit<ComponentPropsWithRef<"input">, "type"> {
  /** What the number counts, shown after it and read as part of its description ("weeks"). */
  unit: string;
}

/**
 * A whole number with its unit after it, as an organiser's "Repeat every [2] weeks" reads: a
 * number field (whole numbers are written alike in every locale, unlike MoneyInput's decimals)
 * with a number keypad. The unit is the control's description, so it is heard after the number.
 */
export function CountInput({
  className,
  unit,
  inputMode = "numeric",
  "aria-describedby": describedBy,
  ...rest
}: CountInputProps) {
  const unitId = useId();
  return (
    <div className={styles.count}>
      <input
        type="number"
        inputMode={inputMode}
        step={1}
        aria-describedby={cx(unitId, describedBy)}
        className={cx(styles.control, styles.countInput, className)}
        {...rest}
      />
      <span id={unitId} className={styles.unit}>
        {unit}
      </span>
    </div>
  );
}
