import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Progress,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { EXPORT_FORMATS, EXPORT_RANGE_DAYS, type ExportFormat, exportCreateRequestSchema } from "@souk/contracts";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { isApiError } from "../../../lib/api-client.ts";
import { formatDate } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import { exportsQueryOptions, isRunning, useCreateExport } from "../api/history-api.ts";
import { useHistoryTexts } from "../i18n/trade-history-texts.ts";

const day = (date: Date) => date.toISOString().slice(0, 10);
const STATUS_COLORS: Record<string, string> = { completed: "green", failed: "red", no_data: "gray", missing: "gray" };

/** Export of the history (csv, xlsx, pdf) over at most 31 days, followed until it is ready. */
export function ExportPanel() {
  const { t } = useHistoryTexts();
  const locale = useLocale();
  const exports = useQuery(exportsQueryOptions());
  const create = useCreateExport();
  const [format, setFormat] = useState<ExportFormat>("csv");
  const [startDate, setStartDate] = useState(() => day(new Date(Date.now() - (EXPORT_RANGE_DAYS - 1) * 86_400_000)));
  const [endDate, setEndDate] = useState(() => day(new Date()));
  const [formError, setFormError] = useState<string | null>(null);

  const submit = () => {
    const parsed = exportCreateRequestSchema.safeParse({ format, startDate, endDate });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message;
      setFormError(
        message === "export_range_too_long"
          ? t("export.rangeTooLong")
          : message === "date_range_invalid"
            ? t("export.rangeInvalid")
            : t("export.dateInvalid"),
      );
      return;
    }
    setFormError(null);
    create.mutate(parsed.data);
  };

  return (
    <Paper withBorder radius="lg" p="md">
      <Title order={2} size="h4">
        {t("export.title")}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t("export.hint")}
      </Text>
      <Group align="flex-end" gap="sm">
        <Select
          label={t("export.format")}
          data={EXPORT_FORMATS.map((value) => ({ value, label: value.toUpperCase() }))}
          value={format}
          onChange={(value) => setFormat((value as ExportFormat | null) ?? "csv")}
          allowDeselect={false}
          w={110}
        />
        <TextInput
          type="date"
          label={t("export.from")}
          value={startDate}
          onChange={(e) => setStartDate(e.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={t("export.to")}
          value={endDate}
          onChange={(e) => setEndDate(e.currentTarget.value)}
        />
        <Button onClick={submit} loading={create.isPending}>
          {t("export.submit")}
        </Button>
      </Group>
      {formError ? (
        <Text c="red" size="sm" mt="xs" role="alert">
          {formError}
        </Text>
      ) : null}
      {create.isError ? (
        <Alert color="red" mt="sm">
          {isApiError(create.error) ? create.error.message : t("export.failed")}
        </Alert>
      ) : null}
      <Text fw={600} mt="md" mb="xs">
        {t("export.list")}
      </Text>
      {exports.isPending ? (
        <Text c="dimmed">{t("loading")}</Text>
      ) : exports.isError ? (
        <Alert color="red">{t("error")}</Alert>
      ) : (exports.data?.data.length ?? 0) === 0 ? (
        <Text c="dimmed" size="sm">
          {t("export.none")}
        </Text>
      ) : (
        <Stack gap="xs" data-testid="exports">
          {exports.data?.data.map((item) => (
            <Paper key={item.id} withBorder radius="md" p="xs">
              <Group justify="space-between" wrap="wrap">
                <div>
                  <Group gap="xs">
                    <Text size="sm" fw={600}>
                      {item.format.toUpperCase()} · {item.filters.startDate} → {item.filters.endDate}
                    </Text>
                    <Badge variant="light" color={STATUS_COLORS[item.status] ?? "blue"}>
                      {t(`export.status.${item.status}`)}
                    </Badge>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {formatDate(item.createdAt, locale, { dateStyle: "medium", timeStyle: "short" })}
                    {item.rowCount !== null ? ` · ${t("export.rows", { count: item.rowCount })}` : ""}
                  </Text>
                </div>
                {item.status === "completed" && item.downloadUrl ? (
                  <Anchor href={item.downloadUrl} download={item.fileName ?? undefined} size="sm">
                    {t("export.download")}
                  </Anchor>
                ) : null}
              </Group>
              {isRunning(item.status) ? (
                <Progress value={item.progress} mt="xs" animated aria-label={t(`export.status.${item.status}`)} />
              ) : null}
            </Paper>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
