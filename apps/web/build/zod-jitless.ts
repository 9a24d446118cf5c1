import type { Plugin } from "vite";

/** zod's core module: it holds the global config every schema reads when it is built. */
const ZOD_CORE = /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/;
const CONFIG_FUNCTION = "export function config(";
const JITLESS_CALL = "\nconfig({ jitless: true });\n";

/**
 * zod's core module with `config({ jitless: true })` as its last statement. Every schema module
 * imports the core, so the call runs before any schema anywhere is built, whatever chunk builds
 * it and in whatever order the chunks are evaluated. Throws when the core no longer declares
 * `config`, so a zod upgrade that moves it fails the build instead of bringing eval back.
 */
export function withJitlessConfig(code: string): string {
  if (!code.includes(CONFIG_FUNCTION)) {
    throw new Error("zod's core module no longer declares `config`: the jitless setting cannot be applied.");
  }
  return `${code}${JITLESS_CALL}`;
}

/**
 * Turns zod's JIT off in the browser bundle at build time (the page's content security policy
 * forbids eval, and zod's probe for it alone logs a violation). The build fails when zod is in the
 * bundle but its core module was never rewritten (a zod upgrade that moved it).
 */
export function zodJitless(): Plugin {
  let rewritten = false;
  return {
    name: "souk:zod-jitless",
    enforce: "pre",
    // Not in the server-rendering bundle: zod keeps its one global config in `globalThis`, and
    // there it would turn the JIT off for the server's own zod (the API's validation) as well.
    apply: (_config, env) => !env.isSsrBuild,
    transform(code, id) {
      if (!ZOD_CORE.test(id)) return null;
      rewritten = true;
      return { code: withJitlessConfig(code), map: null };
    },
    generateBundle(_options, bundle) {
      const bundlesZod = Object.values(bundle).some(
        (output) =>
          output.type === "chunk" &&
          Object.keys(output.modules).some((id) => /[\\/]node_modules[\\/]zod[\\/]/.test(id)),
      );
      if (bundlesZod && !rewritten) this.error("zod is bundled but its core module was not rewritten to run jitless.");
    },
  };
}
