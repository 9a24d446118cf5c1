export * from "./auth.ts";
export * from "./constants.ts";
export * from "./enums.ts";
export * from "./envelope.ts";
export * from "./errors.ts";
export * from "./page-data.ts";
export * from "./reference.ts";
export * from "./users.ts";
