import { inputError, notFound } from "../../platform/index.ts";

export const unknownUser = () => notFound("No such user.", "ERROR_USER_NOT_FOUND");

export const selfRelation = () => inputError({ username: ["relation_self"] }, "You cannot trust or block yourself.");
