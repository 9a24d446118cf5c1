import { Badge, Button, Group, Paper, Select, Stack, Switch, Table, Text, TextInput, Title } from "@mantine/core";
import { type AdminSite, ALERT_AUDIENCES, type AlertAudience, type SiteAlert } from "@souk/contracts";
import { type FormEvent, type ReactNode, useState } from "react";
import { isApiError } from "../../../lib/api-client.ts";
import { formatDate } from "../../../lib/format.ts";
import { showToast } from "../../../lib/toast.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import type { SiteChange, useSiteChangeMutation } from "../api/site-api.ts";
import { useSiteTexts } from "../i18n/site-texts.ts";
import { ReasonTextarea, SubmitRow } from "./reason-form.tsx";

type Mutation = ReturnType<typeof useSiteChangeMutation>;

/** Sends one change, with a toast for its outcome. */
function useChange(mutation: Mutation) {
  const { t } = useSiteTexts();
  return (change: SiteChange, done: string, onDone?: () => void) =>
    mutation.mutate(change, {
      onSuccess: () => {
        onDone?.();
        showToast({ type: "success", message: done });
      },
      onError: (error) =>
        showToast({
          type: "error",
          message: t(`errors.${isApiError(error) ? error.code : "generic"}`, { defaultValue: t("errors.generic") }),
        }),
    });
}

function Card({ title, hint, testId, children }: { title: string; hint: string; testId: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="md" data-testid={testId}>
      <Title order={2} size="h4">
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {hint}
      </Text>
      {children}
    </Paper>
  );
}

/** Maintenance on or off, with the message everyone reads in the banner. */
export function MaintenanceCard({ site, mutation }: { site: AdminSite; mutation: Mutation }) {
  const { t } = useSiteTexts();
  const locale = useLocale();
  const change = useChange(mutation);
  const { isOn } = site.maintenance;
  const [message, setMessage] = useState(site.maintenance.message);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change(
      { type: "maintenance", isOn: true, message: message.trim() },
      isOn ? t("maintenance.updated") : t("maintenance.switchedOn"),
    );
  };
  return (
    <Card title={t("maintenance.title")} hint={t("maintenance.hint")} testId="site-maintenance">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Group gap="xs">
            <Badge color={isOn ? "orange" : "gray"} variant={isOn ? "filled" : "light"} data-testid="maintenance-state">
              {isOn ? t("maintenance.on") : t("maintenance.off")}
            </Badge>
            {isOn ? (
              <Text size="xs" c="dimmed">
                {t("maintenance.since", {
                  date: formatDate(site.maintenance.changedAt, locale, { dateStyle: "medium", timeStyle: "short" }),
                })}
              </Text>
            ) : null}
          </Group>
          <ReasonTextarea
            label={t("maintenance.message")}
            description={t("maintenance.messageHint")}
            value={message}
            onChange={setMessage}
            testId="maintenance-message"
          />
          <SubmitRow
            label={isOn ? t("maintenance.update") : t("maintenance.switchOn")}
            color="orange"
            isPending={mutation.isPending}
            testId="maintenance-submit"
          >
            {isOn ? (
              <Button
                variant="default"
                loading={mutation.isPending}
                onClick={() =>
                  change({ type: "maintenance", isOn: false, message: "" }, t("maintenance.switchedOff"), () =>
                    setMessage(""),
                  )
                }
                data-testid="maintenance-off"
              >
                {t("maintenance.switchOff")}
              </Button>
            ) : null}
          </SubmitRow>
        </Stack>
      </form>
    </Card>
  );
}

function AlertRow({ alert, mutation }: { alert: SiteAlert; mutation: Mutation }) {
  const { t } = useSiteTexts();
  const locale = useLocale();
  const change = useChange(mutation);
  const date = (value: string) => formatDate(value, locale, { dateStyle: "medium", timeStyle: "short" });
  const isExpired = alert.expiresAt !== null && new Date(alert.expiresAt).getTime() <= Date.now();
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" data-testid="site-alert">
      <div>
        <Group gap={6}>
          <Badge variant="light">{t(`audiences.${alert.audience}`)}</Badge>
          {isExpired ? <Badge color="gray">{t("alerts.expired")}</Badge> : null}
        </Group>
        <Text size="sm" mt={4}>
          {alert.message}
        </Text>
        <Text size="xs" c="dimmed">
          {alert.createdBy
            ? t("alerts.by", { name: alert.createdBy, date: date(alert.createdAt) })
            : t("alerts.byCli", { date: date(alert.createdAt) })}
          {" · "}
          {alert.expiresAt ? t("alerts.until", { date: date(alert.expiresAt) }) : t("alerts.noExpiry")}
        </Text>
      </div>
      <Button
        size="xs"
        variant="default"
        loading={mutation.isPending}
        onClick={() => change({ type: "removeAlert", id: alert.id }, t("alerts.removed"))}
        data-testid="site-alert-remove"
      >
        {t("alerts.remove")}
      </Button>
    </Group>
  );
}

/** The notices showing, and a form for a new one: message, audience, optional expiry. */
export function AlertsCard({ site, mutation }: { site: AdminSite; mutation: Mutation }) {
  const { t } = useSiteTexts();
  const change = useChange(mutation);
  const [message, setMessage] = useState("");
  const [audience, setAudience] = useState<AlertAudience>("everyone");
  const [expiresAt, setExpiresAt] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const until = expiresAt ? new Date(expiresAt).toISOString() : null;
    change({ type: "alert", message: message.trim(), audience, expiresAt: until }, t("alerts.created"), () => {
      setMessage("");
      setExpiresAt("");
    });
  };
  return (
    <Card title={t("alerts.title")} hint={t("alerts.hint")} testId="site-alerts">
      <Stack gap="md">
        {site.alerts.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("alerts.none")}
          </Text>
        ) : (
          site.alerts.map((alert) => <AlertRow key={alert.id} alert={alert} mutation={mutation} />)
        )}
        <form onSubmit={submit}>
          <Stack gap="sm">
            <ReasonTextarea
              label={t("alerts.message")}
              value={message}
              onChange={setMessage}
              isRequired
              testId="site-alert-message"
            />
            <Group grow align="flex-start">
              <Select
                label={t("alerts.audience")}
                data={ALERT_AUDIENCES.map((value) => ({ value, label: t(`audiences.${value}`) }))}
                value={audience}
                onChange={(value) => value && setAudience(value as AlertAudience)}
                allowDeselect={false}
                data-testid="site-alert-audience"
              />
              <TextInput
                type="datetime-local"
                label={t("alerts.expiresAt")}
                value={expiresAt}
                onChange={(event) => setExpiresAt(event.currentTarget.value)}
                data-testid="site-alert-expires"
              />
            </Group>
            <SubmitRow label={t("alerts.create")} isPending={mutation.isPending} testId="site-alert-submit" />
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}

/** Every flag: its state (a switch sets it here), where it comes from, and a way back to the deployment. */
export function FlagsCard({ site, mutation }: { site: AdminSite; mutation: Mutation }) {
  const { t } = useSiteTexts();
  const change = useChange(mutation);
  const word = (isOn: boolean) => (isOn ? t("flags.on") : t("flags.off"));
  const set = (name: AdminSite["flags"][number]["name"], isOn: boolean | null, shown: boolean) =>
    change({ type: "flag", name, isOn }, t("flags.changed", { name: t(`flagNames.${name}`), value: word(shown) }));
  return (
    <Card title={t("flags.title")} hint={t("flags.hint")} testId="site-flags">
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("flags.flag")}</Table.Th>
              <Table.Th>{t("flags.state")}</Table.Th>
              <Table.Th>{t("flags.source")}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {site.flags.map((flag) => (
              <Table.Tr key={flag.name} data-testid={`site-flag-${flag.name}`}>
                <Table.Td>
                  <Text size="sm">{t(`flagNames.${flag.name}`)}</Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {flag.name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Switch
                    checked={flag.isOn}
                    disabled={mutation.isPending}
                    onChange={() => set(flag.name, !flag.isOn, !flag.isOn)}
                    aria-label={t(`flagNames.${flag.name}`)}
                    data-testid={`site-flag-switch-${flag.name}`}
                  />
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={flag.source === "database" ? "violet" : "gray"}>
                    {flag.source === "database" ? t("flags.database") : t("flags.deployment")}
                  </Badge>
                  {flag.source === "database" ? (
                    <Text size="xs" c="dimmed">
                      {t("flags.deploymentValue", { value: word(flag.deploymentValue) })}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  {flag.source === "database" ? (
                    <Button
                      size="xs"
                      variant="subtle"
                      disabled={mutation.isPending}
                      onClick={() => set(flag.name, null, flag.deploymentValue)}
                      data-testid={`site-flag-reset-${flag.name}`}
                    >
                      {t("flags.reset")}
                    </Button>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
