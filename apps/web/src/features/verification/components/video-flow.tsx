import { Alert, Button, Card, FileInput, Group, Progress, Stack, Text, Title } from "@mantine/core";
import { type KycCheck, VerificationErrorCode } from "@souk/contracts";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError } from "../../../lib/api-client.ts";
import { uploadVideo, videoAttemptsQueryOptions } from "../api/video-api.ts";
import { useVerificationTexts } from "../i18n/verification-texts.ts";
import { useVideoTexts } from "../i18n/video-texts.ts";
import { refusalKey } from "./refusal-text.ts";
import { SubmissionStatus } from "./submission-status.tsx";

/** Which text tells why a video was refused: the video's own, else the hub's. */
function videoRefusal(failure: unknown): { own: boolean; key: string } {
  if (failure instanceof ApiError) {
    if (failure.code === VerificationErrorCode.NO_ATTEMPTS_LEFT) return { own: true, key: "noAttempts" };
    const file = [failure.details?.files].flat()[0];
    if (file === "attachment_limit_size") return { own: true, key: "errors.tooLarge" };
    if (file === "attachment_type_not_allowed") return { own: true, key: "errors.notVideo" };
  }
  return { own: false, key: refusalKey(failure) };
}

/** The form of a video: the file, then its upload with the share sent. */
function VideoForm({ onChanged }: { onChanged: () => Promise<void> }) {
  const tv = useVideoTexts().t;
  const { t } = useVerificationTexts();
  const [file, setFile] = useState<File | null>(null);
  const [share, setShare] = useState<number | null>(null);
  const [error, setError] = useState<{ own: boolean; key: string } | null>(null);
  async function send() {
    if (!file) return;
    setError(null);
    setShare(0);
    try {
      await uploadVideo(file, setShare);
      setFile(null);
      await onChanged();
    } catch (failure) {
      setError(videoRefusal(failure));
    } finally {
      setShare(null);
    }
  }
  const percent = Math.round((share ?? 0) * 100);
  return (
    <Stack gap="sm">
      {error && <Alert color="red">{error.own ? tv(error.key) : t(error.key)}</Alert>}
      <FileInput
        label={tv("choose")}
        accept="video/mp4,video/quicktime,video/webm"
        value={file}
        onChange={setFile}
        disabled={share !== null}
        data-testid="video-file"
      />
      {share !== null && (
        <Stack gap={4}>
          <Progress value={percent} animated aria-label={tv("uploading", { percent })} />
          <Text size="sm" c="dimmed">
            {tv("uploading", { percent })}
          </Text>
        </Stack>
      )}
      <Group>
        <Button onClick={() => void send()} loading={share !== null} disabled={!file} data-testid="video-send">
          {tv("send")}
        </Button>
      </Group>
    </Stack>
  );
}

/** The video step of the hub: its status, the tries left and the selfie mode, and the upload. */
export function VideoFlow({ check, onChanged }: { check: KycCheck; onChanged: () => Promise<void> }) {
  const tv = useVideoTexts().t;
  const attempts = useQuery(videoAttemptsQueryOptions());
  const submission = check.submissions.video;
  const isOpen = submission?.status === "pending" || submission?.status === "uploaded";
  const left = attempts.data?.attemptsLeft ?? 0;
  return (
    <Card withBorder padding="lg" data-testid="video-flow">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {tv("title")}
        </Title>
        {check.conditions.video ? (
          <Alert color="green">{tv("done")}</Alert>
        ) : (
          submission && <SubmissionStatus submission={submission} />
        )}
        {!check.conditions.video && !isOpen && attempts.data && (
          <>
            <Text size="sm" data-testid="video-attempts">
              {tv("attemptsLeft", { count: left })}
            </Text>
            {left > 0 ? (
              <>
                {attempts.data.selfieMode && <Text size="sm">{tv(`mode.${attempts.data.selfieMode}`)}</Text>}
                <VideoForm onChanged={onChanged} />
              </>
            ) : (
              <Alert color="orange">{tv("noAttempts")}</Alert>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
