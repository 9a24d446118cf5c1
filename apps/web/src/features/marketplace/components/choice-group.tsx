import { type KeyboardEvent, useId } from "react";
import classes from "./choice-group.module.css";

/**
 * A row of mutually exclusive choices (a radio group drawn as a segmented control) and a tab
 * list. Written here rather than taken from the component library to keep the marketplace's first
 * load small; arrow keys move between choices as in any radio group or tab list.
 */
export interface ChoiceGroupProps<Value extends string> {
  label: string;
  data: readonly { value: Value; label: string }[];
  value: Value;
  onChange: (value: Value) => void;
  size?: "md" | "lg";
  disabled?: boolean;
  className?: string;
  testId?: string;
}

function moveFocus<Value extends string>(
  event: KeyboardEvent<HTMLElement>,
  data: readonly { value: Value }[],
  index: number,
  onChange: (value: Value) => void,
): void {
  const step =
    event.key === "ArrowRight" || event.key === "ArrowDown"
      ? 1
      : event.key === "ArrowLeft" || event.key === "ArrowUp"
        ? -1
        : 0;
  if (step === 0) return;
  event.preventDefault();
  const next = (index + step + data.length) % data.length;
  const target = data[next];
  if (!target) return;
  onChange(target.value);
  const siblings = event.currentTarget.parentElement?.children;
  (siblings?.[next] as HTMLElement | undefined)?.focus();
}

export function ChoiceGroup<Value extends string>({
  label,
  data,
  value,
  onChange,
  size = "md",
  disabled = false,
  className,
  testId,
}: ChoiceGroupProps<Value>) {
  const name = useId();
  return (
    <fieldset
      className={`${classes.group} ${size === "lg" ? classes.large : ""} ${className ?? ""}`}
      data-testid={testId}
      disabled={disabled}
    >
      <legend className={classes.legend}>{label}</legend>
      {data.map((item) => (
        <label key={item.value} className={classes.choice} data-checked={item.value === value || undefined}>
          <input
            type="radio"
            className={classes.input}
            name={name}
            value={item.value}
            checked={item.value === value}
            onChange={() => onChange(item.value)}
          />
          {item.label}
        </label>
      ))}
    </fieldset>
  );
}

export interface TabListProps<Value extends string> {
  label: string;
  data: readonly { value: Value; label: string }[];
  value: Value;
  onChange: (value: Value) => void;
  /** Id of the panel the tabs control. */
  panelId: string;
  idPrefix: string;
}

export function TabList<Value extends string>({
  label,
  data,
  value,
  onChange,
  panelId,
  idPrefix,
}: TabListProps<Value>) {
  return (
    <div role="tablist" aria-label={label} className={classes.tabs}>
      {data.map((item, index) => (
        <button
          key={item.value}
          id={`${idPrefix}-${item.value}`}
          type="button"
          role="tab"
          aria-selected={item.value === value}
          aria-controls={panelId}
          tabIndex={item.value === value ? 0 : -1}
          className={classes.tab}
          onClick={() => onChange(item.value)}
          onKeyDown={(event) => moveFocus(event, data, index, onChange)}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
