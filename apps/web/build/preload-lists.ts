import type { Plugin } from "vite";

/** A chunk of the bundle as far as preloading goes: its file and what it imports statically. */
export interface ChunkImports {
  imports: readonly string[];
}

/** The chunks loaded with `file`, itself included: its static imports, theirs, and so on. */
export function staticClosure(bundle: Readonly<Record<string, ChunkImports | undefined>>, file: string): Set<string> {
  const seen = new Set<string>();
  const stack = [file];
  while (stack.length > 0) {
    const next = stack.pop() as string;
    if (seen.has(next)) continue;
    seen.add(next);
    stack.push(...(bundle[next]?.imports ?? []));
  }
  return seen;
}

/**
 * The scripts an `import()` of `imported` made in `host` preloads, out of Vite's list
 * (`dependencies`: every script `imported` needs, however deep): `imported` itself and its own
 * static imports, less what `host` has loaded already (its static imports have all run before its
 * code can call `import()`). Deeper imports are found by the browser in the chunks it fetches.
 */
export function scriptsToPreload(
  bundle: Readonly<Record<string, ChunkImports | undefined>>,
  host: string,
  imported: string,
  dependencies: readonly string[],
): string[] {
  const loaded = staticClosure(bundle, host);
  const direct = new Set(bundle[imported]?.imports ?? []);
  return dependencies.filter(
    (dependency) => !loaded.has(dependency) && (dependency === imported || direct.has(dependency)),
  );
}

/**
 * Shorter preload lists (docs/decisions/151-lighter-first-load-and-kept-pages.md): at each
 * `import()`, Vite lists every script the imported chunk needs, however deep, including those the
 * importing chunk has loaded already. The route table makes about 80 such calls from the entry
 * chunk, so their lists were the largest part of the first load's own code. This plugin reads the
 * bundle as it is written and gives Vite's `modulePreload.resolveDependencies` the shorter lists of
 * `scriptsToPreload`. Styles are not affected: Vite keeps every style a chunk needs in its list.
 */
export function shorterPreloadLists(): {
  plugin: Plugin;
  resolveDependencies: (file: string, dependencies: string[], context: { hostId: string }) => string[];
} {
  let bundle: Record<string, ChunkImports | undefined> = {};
  return {
    plugin: {
      name: "souk:shorter-preload-lists",
      apply: "build",
      // Vite resolves the preload lists in its own generateBundle, which runs after this one.
      generateBundle(_options, output) {
        bundle = Object.fromEntries(
          Object.entries(output).map(([file, item]) => [
            file,
            item.type === "chunk" ? { imports: item.imports } : undefined,
          ]),
        );
      },
    },
    resolveDependencies: (file, dependencies, { hostId }) => scriptsToPreload(bundle, hostId, file, dependencies),
  };
}
