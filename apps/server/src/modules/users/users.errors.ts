import { notFound } from "../../platform/index.ts";

export const userNotFound = () => notFound("No such user.", "ERROR_USER_NOT_FOUND");
