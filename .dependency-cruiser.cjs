/**
 * Import boundaries: one public door per module, features never import each other,
 * shared packages stay free of the apps. `npm run check` runs these rules.
 */
/**
 * The web app's layers, each with the folders of apps/web/src (and the packages) it may not
 * import: one rule per layer, named and explained like the rules written out below.
 */
function webLayerRules(layers) {
  return layers.map(({ name, comment, layer, mayNotImport, packages = [] }) => ({
    name,
    comment,
    severity: "error",
    from: { path: `^apps/web/src/${layer}` },
    to: { path: [...mayNotImport.map((folder) => `^apps/web/src/${folder}`), ...packages] },
  }));
}

module.exports = {
  forbidden: [
    {
      name: "server-module-door",
      comment: "A server module uses another module only through that module's index.ts.",
      severity: "error",
      from: { path: "^apps/server/src/modules/([^/]+)/" },
      to: {
        path: "^apps/server/src/modules/[^/]+/.+",
        pathNot: ["^apps/server/src/modules/$1/", "^apps/server/src/modules/[^/]+/index\\.ts$"],
      },
    },
    {
      name: "outside-module-door",
      comment: "Code outside modules/ (app, runtime, web, jobs, tests) also enters a module by its door.",
      severity: "error",
      from: { path: "^apps/server/(src|test)/", pathNot: "^apps/server/src/modules/" },
      to: { path: "^apps/server/src/modules/[^/]+/.+", pathNot: "^apps/server/src/modules/[^/]+/index\\.ts$" },
    },
    {
      name: "platform-knows-no-module",
      comment: "The platform is shared by every module and depends on none of them.",
      severity: "error",
      from: { path: "^apps/server/src/platform/" },
      to: { path: "^apps/server/src/modules/" },
    },
    {
      name: "web-features-are-independent",
      comment: "A web feature never imports a sibling feature; pages in app/ compose them.",
      severity: "error",
      from: { path: "^apps/web/src/features/([^/]+)/" },
      to: { path: "^apps/web/src/features/", pathNot: "^apps/web/src/features/$1/" },
    },
    ...webLayerRules([
      {
        name: "web-features-do-not-import-app",
        comment: "app/ (routes, layout, providers) composes the features; a feature never reaches back up into it.",
        layer: "features/",
        mayNotImport: ["app/"],
      },
      {
        name: "web-lib-knows-no-feature",
        comment: "lib/ is shared by every feature and depends on none of them, nor on app/.",
        layer: "lib/",
        mayNotImport: ["features/", "app/"],
      },
      {
        name: "web-ui-is-presentational",
        comment: "ui/ holds presentational pieces: no features, no data fetching.",
        layer: "ui/",
        mayNotImport: ["features/", "app/", "lib/api"],
        packages: ["@tanstack/react-query"],
      },
    ]),
    {
      name: "apps-are-apart",
      comment: "The web app and the server share code only through packages/.",
      severity: "error",
      from: { path: "^apps/web/" },
      to: { path: "^apps/server/" },
    },
    {
      name: "server-is-not-web",
      severity: "error",
      from: { path: "^apps/server/" },
      to: { path: "^apps/web/" },
    },
    {
      name: "contracts-import-zod-and-money-only",
      comment: "Its tests may also use the test tools.",
      severity: "error",
      from: { path: "^packages/contracts/" },
      to: { pathNot: ["^packages/contracts/", "^packages/money/", "zod", "^node_modules/(fast-check|vitest)/"] },
    },
    {
      name: "money-imports-nothing",
      severity: "error",
      from: { path: "^packages/money/" },
      to: { pathNot: ["^packages/money/", "^node_modules/(fast-check|vitest)/", "^(node:)?[a-z]+$"] },
    },
    {
      name: "no-circular-modules",
      comment: "Server modules form a directed graph.",
      severity: "error",
      from: { path: "^apps/server/src/modules/" },
      to: { circular: true, pathNot: "\\.test\\.ts$" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["(^|/)dist/", "(^|/)\\.data/", "(^|/)\\.test-data/"] },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    enhancedResolveOptions: {
      extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
