import { Badge, Button, Group, Paper, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { type AdminUser, GRANTABLE_ROLES, RESTRICTION_KINDS, type RestrictionKind } from "@souk/contracts";
import { type FormEvent, useState } from "react";
import { formatDate } from "../../../lib/format.ts";
import { useCurrentUser } from "../../../lib/session.ts";
import { showToast } from "../../../lib/toast.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import type { useUserActionMutation } from "../api/admin-api.ts";
import { useAdminTexts } from "../i18n/admin-texts.ts";
import { ReasonTextarea, SubmitRow } from "./reason-form.tsx";
import { useErrorToast } from "./use-error-toast.ts";

type Mutation = ReturnType<typeof useUserActionMutation>;

/** A one-line reason for a lift or a role change. */
function ReasonField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <TextInput
      size="sm"
      label={label}
      value={value}
      maxLength={500}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

/** The restrictions in place, each with its reason, author, expiry and a way to lift it. */
export function RestrictionsCard({ user, mutation }: { user: AdminUser; mutation: Mutation }) {
  const { t } = useAdminTexts();
  const locale = useLocale();
  const onError = useErrorToast();
  const [reason, setReason] = useState("");
  const date = (value: string) => formatDate(value, locale, { dateStyle: "medium", timeStyle: "short" });
  // A flag set before the console has no row: it is listed by its kind alone.
  const flagOnly = user.restrictions.filter((kind) => !user.activeRestrictions.some((r) => r.kind === kind));
  const rows = [
    ...user.activeRestrictions,
    ...flagOnly.map((kind) => ({ kind, reason: "", expiresAt: null, createdAt: null, createdBy: null })),
  ];
  const lift = (kind: RestrictionKind) =>
    mutation.mutate(
      { type: "lift", kind, reason: reason.trim() },
      {
        onSuccess: () => {
          setReason("");
          showToast({ type: "success", message: t("user.lifted", { kind: t(`kinds.${kind}`) }) });
        },
        onError,
      },
    );
  return (
    <Paper withBorder radius="lg" p="md" data-testid="admin-restrictions">
      <Title order={2} size="h4" mb="sm">
        {t("user.restrictionsTitle")}
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t("user.noRestriction")}
        </Text>
      ) : (
        <Stack gap="sm">
          {rows.map((restriction) => (
            <Group
              key={restriction.kind}
              justify="space-between"
              align="flex-start"
              data-testid={`restriction-${restriction.kind}`}
            >
              <div>
                <Badge color="red" variant="light">
                  {t(`kinds.${restriction.kind}`)}
                </Badge>
                {restriction.reason ? (
                  <Text size="sm" mt={4}>
                    {restriction.reason}
                  </Text>
                ) : null}
                <Text size="xs" c="dimmed">
                  {restriction.createdAt
                    ? restriction.createdBy
                      ? t("user.setBy", { name: restriction.createdBy, date: date(restriction.createdAt) })
                      : t("user.setByCli", { date: date(restriction.createdAt) })
                    : null}
                  {restriction.expiresAt ? ` · ${t("user.until", { date: date(restriction.expiresAt) })}` : ""}
                </Text>
              </div>
              <Button
                size="xs"
                variant="default"
                loading={mutation.isPending}
                onClick={() => lift(restriction.kind)}
                data-testid={`lift-${restriction.kind}`}
              >
                {t("user.lift")}
              </Button>
            </Group>
          ))}
          <ReasonField label={t("user.liftReason")} value={reason} onChange={setReason} />
        </Stack>
      )}
    </Paper>
  );
}

/** Staff restrict the account: a kind, a reason, and an optional date it lifts itself. */
export function RestrictForm({ mutation }: { mutation: Mutation }) {
  const { t } = useAdminTexts();
  const onError = useErrorToast();
  const [kind, setKind] = useState<RestrictionKind>("frozen");
  const [reason, setReason] = useState("");
  const [until, setUntil] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate(
      { type: "restrict", kind, reason: reason.trim(), until: until ? new Date(until).toISOString() : null },
      {
        onSuccess: () => {
          setReason("");
          setUntil("");
          showToast({ type: "success", message: t("user.restricted", { kind: t(`kinds.${kind}`) }) });
        },
        onError,
      },
    );
  };
  return (
    <Paper withBorder radius="lg" p="md" component="form" onSubmit={submit} data-testid="admin-restrict-form">
      <Title order={2} size="h4" mb="sm">
        {t("user.restrictTitle")}
      </Title>
      <Stack gap="sm">
        <Select
          label={t("user.kind")}
          data={RESTRICTION_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) }))}
          value={kind}
          onChange={(value) => value && setKind(value as RestrictionKind)}
          description={t(`kindHints.${kind}`)}
          allowDeselect={false}
          data-testid="restrict-kind"
        />
        <ReasonTextarea
          label={t("user.reason")}
          description={t("user.reasonHint")}
          value={reason}
          onChange={setReason}
          isRequired
          rows={3}
          testId="restrict-reason"
        />
        <TextInput
          type="datetime-local"
          label={t("user.untilLabel")}
          value={until}
          onChange={(event) => setUntil(event.currentTarget.value)}
          data-testid="restrict-until"
        />
        <SubmitRow label={t("user.restrict")} color="red" isPending={mutation.isPending} testId="restrict-submit" />
      </Stack>
    </Paper>
  );
}

/** Admins grant and revoke staff roles, with a reason; others read the roles. */
export function RolesCard({ user, mutation }: { user: AdminUser; mutation: Mutation }) {
  const { t } = useAdminTexts();
  const viewer = useCurrentUser();
  const onError = useErrorToast();
  const [reason, setReason] = useState("");
  const isAdmin = viewer?.roles.includes("admin") === true;
  return (
    <Paper withBorder radius="lg" p="md" data-testid="admin-roles">
      <Title order={2} size="h4">
        {t("user.rolesTitle")}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t("user.rolesHint")}
      </Text>
      <Stack gap="xs">
        {GRANTABLE_ROLES.map((role) => {
          const hasRole = user.roles.includes(role);
          return (
            <Group key={role} justify="space-between">
              <Badge variant={hasRole ? "filled" : "outline"} color={hasRole ? "teal" : "gray"}>
                {t(`roles.${role}`)}
              </Badge>
              {isAdmin ? (
                <Button
                  size="xs"
                  variant="default"
                  disabled={reason.trim().length < 3}
                  loading={mutation.isPending}
                  data-testid={`${hasRole ? "revoke" : "grant"}-${role}`}
                  onClick={() =>
                    mutation.mutate(
                      { type: hasRole ? "revoke" : "grant", role, reason: reason.trim() },
                      {
                        onSuccess: () => {
                          setReason("");
                          const key = hasRole ? "user.revoked" : "user.granted";
                          showToast({ type: "success", message: t(key, { role: t(`roles.${role}`) }) });
                        },
                        onError,
                      },
                    )
                  }
                >
                  {hasRole ? t("user.revoke") : t("user.grant")}
                </Button>
              ) : null}
            </Group>
          );
        })}
        {isAdmin ? <ReasonField label={t("user.roleReason")} value={reason} onChange={setReason} /> : null}
      </Stack>
    </Paper>
  );
}
