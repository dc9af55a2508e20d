/**
 * Packages the server build carries inside itself instead of importing them from node_modules at
 * every start: ES modules of many small files (Kysely's 279, zod's, PKI.js's) cost Node a
 * resolution, a read and a compilation each, about 0.15 s of CPU per start for these, in one file
 * a tenth of that (docs/decisions/073-the-server-start-carries-its-es-modules.md). Only ES module
 * packages whose imports are Node's own modules or each other: a CommonJS package inside an ES
 * module build would reach Node's modules through esbuild's `require` shim, which throws.
 * `test/support/ops-command.ts` bundles the same into the organizer's commands.
 */
export const BUNDLED_PACKAGES = [
  "kysely",
  "zod",
  "pkijs",
  "asn1js",
  "@peculiar/utils",
  "bytestreamjs",
  "@noble/curves",
  "@noble/hashes",
  "lru-cache",
  "csv-parse",
  "csv-stringify",
];

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*"],
  serverModuleFormat: "esm",
  serverDependenciesToBundle: BUNDLED_PACKAGES.map((name) => new RegExp(`^${name}(/|$)`)),
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: false,
  },
};
