import { useMantineTheme } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { Notifications } from "@mantine/notifications";
import { TOAST_AUTO_CLOSE_MS } from "@souk/contracts";
import classes from "./toaster.module.css";

/**
 * Toasts never cover the top bar: a toast over the menu button pauses while the pointer rests on
 * it (people need time to read), so it could hold the navigation hostage. On a wide screen they
 * stack at the top right, just under the bar; on a phone, where the bar holds the menu and a toast
 * spans the width, at the bottom. They sit under drawers and dialogs (Mantine's layer is 200), so an
 * open menu or confirmation is never covered either; the bell keeps every notice.
 */
const TOAST_LAYER = 190;

export function Toaster() {
  const theme = useMantineTheme();
  const isPhone = useMediaQuery(`(max-width: ${theme.breakpoints.sm})`) ?? false;
  return (
    <Notifications
      autoClose={TOAST_AUTO_CLOSE_MS}
      position={isPhone ? "bottom-center" : "top-right"}
      limit={5}
      zIndex={TOAST_LAYER}
      classNames={{ root: classes.root }}
    />
  );
}
