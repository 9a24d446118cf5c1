import { Center, Loader } from "@mantine/core";

/** Shown for the instant the first page's code is fetched. */
export function HydrateFallback() {
  return (
    <Center mih="60vh">
      <Loader type="dots" />
    </Center>
  );
}
