import { Alert, Anchor, Badge, Button, FileButton, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import {
  type Locale,
  type RequirementStatus,
  TRADE_ACTIVE_STATUSES,
  TRADE_RULES,
  TRADE_UPLOAD_FILES_PER_REQUEST,
  type Trade,
  type TradeRequirement,
  type TradeUpload,
} from "@souk/contracts";
import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { showToast } from "../../../lib/toast.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import { uploadFileUrl, uploadsQueryOptions, useTradeCommand, useUploadRequirement } from "../api/trade-api.ts";
import { useTradeTexts } from "../i18n/trade-texts.ts";
import { errorText, uploadReasonsOf } from "./error-text.ts";

const STATUS_COLORS: Record<RequirementStatus, string> = {
  pending: "gray",
  uploaded: "blue",
  approved: "green",
  rejected: "red",
  corrupted: "orange",
};

const ACCEPTED_TYPES: readonly string[] = TRADE_RULES.attachmentContentTypes;

function formatSize(bytes: number, locale: Locale): string {
  const isLarge = bytes >= 1024 * 1024;
  return new Intl.NumberFormat(locale, {
    style: "unit",
    unit: isLarge ? "megabyte" : "kilobyte",
    maximumFractionDigits: 1,
  }).format(isLarge ? bytes / (1024 * 1024) : bytes / 1024);
}

/**
 * A refusal found before sending, with the word the server would answer
 * (docs/product.md#attachments): the
 * same limits as POST /upload, so a file the server would refuse is not sent at all. The server
 * still checks every file by its content.
 */
function localProblemOf(files: File[], filesLeft: number): string | null {
  if (files.length > TRADE_UPLOAD_FILES_PER_REQUEST || files.length > filesLeft) return "attachment_limit_count";
  if (files.some((file) => !ACCEPTED_TYPES.includes(file.type))) return "attachment_type_not_allowed";
  if (files.some((file) => file.size > TRADE_RULES.attachmentMaxBytes)) return "attachment_limit_size";
  return null;
}

function UploadError({ error }: { error: unknown }) {
  const { t } = useTradeTexts();
  const reasons = uploadReasonsOf(error);
  return (
    <Alert color="red" role="alert">
      {reasons.length > 0
        ? reasons.map((reason) => t(`requirements.reasons.${reason}`, { defaultValue: reason })).join(" ")
        : errorText(error, t("errors.generic"))}
    </Alert>
  );
}

/**
 * The buyer's upload of one requirement: the chosen files go to POST /upload in one multipart
 * request, all or nothing, so a refusal leaves the choice in place to correct and send again.
 */
function RequirementUpload({
  tradeId,
  requirement,
  filesLeft,
}: {
  tradeId: string;
  requirement: TradeRequirement;
  filesLeft: number;
}) {
  const { t } = useTradeTexts();
  const locale = useLocale();
  const upload = useUploadRequirement(tradeId);
  const [files, setFiles] = useState<File[]>([]);
  const resetInput = useRef<() => void>(null);
  const name = t(`requirements.names.${requirement.id}`);
  const localProblem = localProblemOf(files, filesLeft);

  const choose = (chosen: File[]) => {
    upload.reset();
    setFiles(chosen);
  };
  const clear = () => {
    setFiles([]);
    resetInput.current?.();
  };
  const send = () =>
    upload.mutate(
      { requirementId: requirement.id, files },
      {
        onSuccess: () => {
          clear();
          showToast({ type: "success", message: t("requirements.uploaded") });
        },
      },
    );

  return (
    <Stack gap="xs">
      <Text size="xs" c="dimmed">
        {t("requirements.chooseHint", {
          size: formatSize(TRADE_RULES.attachmentMaxBytes, locale),
          count: TRADE_UPLOAD_FILES_PER_REQUEST,
        })}
      </Text>
      {localProblem ? (
        <Alert color="red" role="alert">
          {t(`requirements.reasons.${localProblem}`)}
        </Alert>
      ) : null}
      {upload.isError ? <UploadError error={upload.error} /> : null}
      <Group gap="xs" justify="space-between">
        <Group gap="xs">
          <FileButton onChange={choose} accept={ACCEPTED_TYPES.join(",")} multiple resetRef={resetInput}>
            {(props) => (
              <Button {...props} size="xs" variant="default" aria-label={`${t("requirements.choose")}: ${name}`}>
                {t("requirements.choose")}
              </Button>
            )}
          </FileButton>
          {files.length > 0 ? (
            <Group gap={4}>
              <Text size="xs">{t("requirements.selected", { count: files.length })}</Text>
              <Button size="compact-xs" variant="subtle" color="gray" onClick={clear} disabled={upload.isPending}>
                {t("requirements.clear")}
              </Button>
            </Group>
          ) : null}
        </Group>
        <Button
          size="xs"
          disabled={files.length === 0 || localProblem !== null}
          loading={upload.isPending}
          onClick={send}
        >
          {t("requirements.upload")}
        </Button>
      </Group>
    </Stack>
  );
}

function PayerNameForm({ tradeId }: { tradeId: string }) {
  const { t } = useTradeTexts();
  const command = useTradeCommand(tradeId);
  const [name, setName] = useState("");
  return (
    <Stack gap="xs">
      <TextInput
        label={t("details.payerNameLabel")}
        description={t("details.payerNameHint")}
        value={name}
        maxLength={200}
        onChange={(event) => setName(event.currentTarget.value)}
      />
      {command.isError ? <Alert color="red">{errorText(command.error, t("errors.generic"))}</Alert> : null}
      <Group justify="flex-end">
        <Button
          disabled={!name.trim()}
          loading={command.isPending}
          onClick={() => command.mutate({ kind: "requirement", requirementId: "payer_name", value: name.trim() })}
        >
          {t("details.payerNameSubmit")}
        </Button>
      </Group>
    </Stack>
  );
}

/** The seller approves or rejects what the buyer provided. */
function RequirementReview({ tradeId, requirement }: { tradeId: string; requirement: TradeRequirement }) {
  const { t } = useTradeTexts();
  const command = useTradeCommand(tradeId);
  const review = (decision: "approved" | "rejected") =>
    command.mutate(
      { kind: "review", requirementId: requirement.id, decision },
      { onSuccess: () => showToast({ type: "success", message: t("requirements.reviewed") }) },
    );
  const name = t(`requirements.names.${requirement.id}`);
  return (
    <Stack gap="xs">
      {requirement.kind === "upload" ? (
        <Text size="xs" c="dimmed">
          {t("requirements.reviewHint")}
        </Text>
      ) : null}
      {command.isError ? <Alert color="red">{errorText(command.error, t("errors.generic"))}</Alert> : null}
      <Group gap="xs" justify="flex-end">
        <Button
          size="xs"
          color="green"
          loading={command.isPending}
          onClick={() => review("approved")}
          aria-label={`${t("requirements.approve")}: ${name}`}
        >
          {t("requirements.approve")}
        </Button>
        <Button
          size="xs"
          variant="light"
          color="red"
          loading={command.isPending}
          onClick={() => review("rejected")}
          aria-label={`${t("requirements.reject")}: ${name}`}
        >
          {t("requirements.reject")}
        </Button>
      </Group>
    </Stack>
  );
}

function RequirementItem({
  trade,
  requirement,
  uploads,
  filesLeft,
}: {
  trade: Trade;
  requirement: TradeRequirement;
  uploads: TradeUpload[];
  filesLeft: number;
}) {
  const { t } = useTradeTexts();
  const locale = useLocale();
  const isOpen = (TRADE_ACTIVE_STATUSES as readonly string[]).includes(trade.status);
  const needsBuyer = requirement.status !== "uploaded" && requirement.status !== "approved";
  const canProvide = trade.viewerRole === "buyer" && isOpen && needsBuyer;
  const canReview = trade.viewerRole === "seller" && isOpen && requirement.status === "uploaded";
  const name = t(`requirements.names.${requirement.id}`);
  return (
    <Paper withBorder radius="md" p="sm" data-testid={`requirement-${requirement.id}`}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <div>
            <Text fw={600} size="sm">
              {name}
              {requirement.isOptional ? (
                <Text span size="xs" c="dimmed" ml={6}>
                  ({t("requirements.optional")})
                </Text>
              ) : null}
            </Text>
            <Text size="xs" c="dimmed">
              {t(`requirements.stepBefore.${requirement.step}`)}
            </Text>
          </div>
          <Badge variant="light" color={STATUS_COLORS[requirement.status]} data-testid="requirement-status">
            {t(`requirements.statuses.${requirement.status}`)}
          </Badge>
        </Group>
        {requirement.value ? <Text size="sm">{t("requirements.value", { value: requirement.value })}</Text> : null}
        {requirement.kind === "upload" ? (
          uploads.length > 0 ? (
            <Stack gap={2}>
              {uploads.map((file) => (
                <Group key={file.id} gap={6} wrap="nowrap">
                  <Anchor
                    href={uploadFileUrl(trade.id, file.id)}
                    target="_blank"
                    rel="noreferrer"
                    size="xs"
                    title={t("requirements.openFile", { name: file.fileName })}
                  >
                    {file.fileName}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {t("requirements.fileMeta", { size: formatSize(file.sizeBytes, locale), user: file.uploadedBy })}
                  </Text>
                </Group>
              ))}
            </Stack>
          ) : (
            <Text size="xs" c="dimmed">
              {t("requirements.noFiles")}
            </Text>
          )
        ) : null}
        {canProvide && requirement.status === "rejected" ? (
          <Text size="xs" c="red">
            {t("requirements.rejectedHint")}
          </Text>
        ) : null}
        {canProvide && requirement.kind === "upload" ? (
          <RequirementUpload tradeId={trade.id} requirement={requirement} filesLeft={filesLeft} />
        ) : null}
        {canProvide && requirement.kind === "text" && requirement.id === "payer_name" ? (
          <PayerNameForm tradeId={trade.id} />
        ) : null}
        {canReview ? <RequirementReview tradeId={trade.id} requirement={requirement} /> : null}
      </Stack>
    </Paper>
  );
}

/**
 * The trade's flow requirements: their state, the uploaded files (each opens from the server for
 * both parties and staff), and what the viewer may do.
 */
export function TradeRequirements({ trade }: { trade: Trade }) {
  const { t } = useTradeTexts();
  const { requirements } = trade.flow;
  const hasUploads = requirements.some((requirement) => requirement.kind === "upload");
  const uploads = useQuery({ ...uploadsQueryOptions(trade.id), enabled: hasUploads });
  if (requirements.length === 0) return null;
  // The trade's file limit counts every file already on it, whichever requirement it is for.
  const filesOnTrade =
    uploads.data?.length ?? requirements.reduce((count, requirement) => count + requirement.attachmentsCount, 0);
  const filesLeft = Math.max(0, TRADE_RULES.attachmentsPerTradeMax - filesOnTrade);
  return (
    <Paper withBorder radius="lg" p="md" data-testid="trade-requirements">
      <Title order={2} size="h4">
        {t("requirements.title")}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t("requirements.subtitle")}
      </Text>
      {uploads.isError ? (
        <Alert color="red" mb="sm">
          {errorText(uploads.error, t("errors.generic"))}
        </Alert>
      ) : null}
      <Stack gap="sm">
        {requirements.map((requirement) => (
          <RequirementItem
            key={requirement.id}
            trade={trade}
            requirement={requirement}
            uploads={(uploads.data ?? []).filter((file) => file.requirementId === requirement.id)}
            filesLeft={filesLeft}
          />
        ))}
      </Stack>
    </Paper>
  );
}
