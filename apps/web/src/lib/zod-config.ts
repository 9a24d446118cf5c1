import { config } from "zod";

// zod compiles object parsers with `new Function` unless told not to; the page's content security
// policy forbids eval, and the probe alone logs a violation. Imported first by main.tsx, before any
// schema is built.
config({ jitless: true });
