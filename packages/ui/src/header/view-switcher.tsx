// spec 1: the "My View" / "Family view" switcher, a segmented control of two toggle buttons.
import { SegmentedControl } from "../base/segmented-control";

export type ViewMode = "my" | "family";

export const VIEW_MODES: readonly { value: ViewMode; label: string }[] = [
  { value: "my", label: "My View" },
  { value: "family", label: "Family view" },
];

export interface ViewSwitcherProps {
  value: ViewMode;
  onChange: (value: ViewMode) => void;
  className?: string;
}

export function ViewSwitcher({ value, onChange, className }: ViewSwitcherProps) {
  return (
    <SegmentedControl
      label="View"
      options={VIEW_MODES}
      value={value}
      onChange={onChange}
      className={className}
    />
  );
}
