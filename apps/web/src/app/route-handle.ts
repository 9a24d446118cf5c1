import type { UIMatch } from "react-router";
import type { PathName } from "../lib/paths.ts";

/** What every screen route carries in its `handle`: the screen's name from lib/paths.ts. */
export interface ScreenHandle {
  screen: PathName;
}

function isScreenHandle(handle: unknown): handle is ScreenHandle {
  return typeof handle === "object" && handle !== null && typeof (handle as ScreenHandle).screen === "string";
}

/** The innermost matched screen. */
export function findScreen(matches: readonly UIMatch[]): PathName | null {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isScreenHandle(handle)) return handle.screen;
  }
  return null;
}
