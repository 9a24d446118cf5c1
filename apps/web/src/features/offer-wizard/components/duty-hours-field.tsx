import { Checkbox, Group, Select, Stack, Text, TextInput } from "@mantine/core";
import type { Timezone } from "@souk/contracts";
import { useMemo } from "react";
import { Controller, useFormContext, useWatch } from "react-hook-form";
import { useOfferWizardTexts } from "../i18n/offer-wizard-texts.ts";
import type { WizardFormValues } from "../model/wizard-form.ts";
import classes from "./offer-wizard.module.css";
import { useFieldError } from "./use-field-error.ts";

/** Duty hours per weekday (day 1 is Monday) with the time zone they are read in. */
export function DutyHoursField({ timezones }: { timezones: Timezone[] }) {
  const { t } = useOfferWizardTexts();
  const form = useFormContext<WizardFormValues>();
  const fieldError = useFieldError();
  const rows = useWatch({ control: form.control, name: "dutyHours" });
  const timezoneData = useMemo(
    () => timezones.map((zone) => ({ value: zone.name, label: `(UTC${zone.utcOffset}) ${zone.label}` })),
    [timezones],
  );

  return (
    <Stack gap="sm">
      <Controller
        control={form.control}
        name="timezone"
        render={({ field }) => (
          <Select
            label={t("terms.timezone")}
            placeholder={t("terms.timezonePlaceholder")}
            searchable
            size="md"
            allowDeselect={false}
            data={
              field.value && !timezoneData.some((zone) => zone.value === field.value)
                ? [{ value: field.value, label: field.value }, ...timezoneData]
                : timezoneData
            }
            value={field.value || null}
            onChange={(value) => field.onChange(value ?? "")}
            error={fieldError("timezone")}
            maxDropdownHeight={280}
          />
        )}
      />
      <fieldset className={classes.dutyTable} aria-label={t("terms.dutyLegend")}>
        {rows.map((row, index) => {
          const day = t(`days.${row.day}` as "days.1");
          const rowError = fieldError(`dutyHours.${index}.endTime`);
          return (
            <div key={row.day} className={classes.dutyRow} data-active={row.active || undefined}>
              <Controller
                control={form.control}
                name={`dutyHours.${index}.active`}
                render={({ field }) => (
                  <Checkbox
                    className={classes.dutyDay}
                    label={day}
                    checked={field.value}
                    onChange={(event) => field.onChange(event.currentTarget.checked)}
                  />
                )}
              />
              {row.active ? (
                <Group gap="xs" wrap="nowrap" className={classes.dutyTimes}>
                  <TextInput
                    type="time"
                    size="sm"
                    className={classes.timeInput}
                    aria-label={t("terms.dutyFrom", { day })}
                    {...form.register(`dutyHours.${index}.startTime`)}
                  />
                  <Text c="dimmed" aria-hidden="true">
                    –
                  </Text>
                  <TextInput
                    type="time"
                    size="sm"
                    className={classes.timeInput}
                    aria-label={t("terms.dutyTo", { day })}
                    error={rowError ? true : undefined}
                    {...form.register(`dutyHours.${index}.endTime`)}
                  />
                </Group>
              ) : (
                <Text size="sm" c="dimmed" className={classes.dutyTimes}>
                  {t("terms.dutyOff")}
                </Text>
              )}
              {rowError ? (
                <Text size="xs" c="red" className={classes.dutyError} role="alert">
                  {rowError}
                </Text>
              ) : null}
            </div>
          );
        })}
      </fieldset>
      {fieldError("dutyHours") ? (
        <Text size="sm" c="red" role="alert">
          {fieldError("dutyHours")}
        </Text>
      ) : null}
    </Stack>
  );
}
