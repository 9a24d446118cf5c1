import { conflict } from "../../platform/index.ts";
import { FAVORITES_MAX } from "./favorites.domain.ts";

export const tooManyFavorites = () =>
  conflict(`A user keeps at most ${FAVORITES_MAX} favourite offers.`, "ERROR_FAVORITES_LIMIT", { max: FAVORITES_MAX });
