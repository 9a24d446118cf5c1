export { userNotFound } from "../../platform/index.ts";
