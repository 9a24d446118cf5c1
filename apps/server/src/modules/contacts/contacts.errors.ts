import { inputError } from "../../platform/index.ts";

export { userNotFound as unknownUser } from "../../platform/index.ts";

export const selfRelation = () => inputError({ username: ["relation_self"] }, "You cannot trust or block yourself.");
