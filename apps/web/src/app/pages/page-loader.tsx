import { Center, Loader } from "@mantine/core";

/** Shown in the page area for the instant a page's code is fetched; the shell stays in place. */
export function PageLoader() {
  return (
    <Center mih="50vh" data-testid="page-loader">
      <Loader type="dots" />
    </Center>
  );
}
