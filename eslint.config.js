// Lint for app/, test/ and the scripts around them: `npm run lint` (zero warnings).
// The layering of app/lib is enforced here; docs/decisions/022-code-layout.md, says why.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * app/lib folders from the bottom up: a folder may import from its own level or a lower one,
 * never from a higher one, and nothing in app/lib or app/content imports a component or a route.
 */
export const LIB_LAYERS = [
  ["network"],
  ["server", "document", "ui"],
  ["edge", "draw", "storage"],
  ["participants"],
  ["sharing", "mail"],
  ["http", "forms", "draw-records"],
  ["hooks"],
];

function forbiddenFor(folder) {
  const level = LIB_LAYERS.findIndex((layer) => layer.includes(folder));
  const higher = LIB_LAYERS.slice(level + 1).flat();
  return higher.flatMap((name) => [`~/lib/${name}/*`, `../${name}/*`]);
}

const UI_AND_ROUTES = ["~/components/*", "~/routes/*", "~/root"];

export default tseslint.config(
  { ignores: ["build/", "public/build/", ".cache/", "reports/", ".stryker-tmp/", "node_modules/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      eqeqeq: ["error", "always"],
      "no-console": "off",
    },
  },
  {
    files: ["app/**/*.tsx", "test/**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // A region that scrolls sideways takes focus so a keyboard can scroll it (axe's scrollable-region-focusable).
      "jsx-a11y/no-noninteractive-tabindex": ["error", { roles: ["tabpanel", "region"] }],
    },
  },
  {
    files: ["app/**/*.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ["app/content/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [...UI_AND_ROUTES, "~/lib/*", "../*"] }],
    },
  },
  ...LIB_LAYERS.flat().map((folder) => ({
    files: [`app/lib/${folder}/**`],
    rules: {
      "no-restricted-imports": ["error", { patterns: [...UI_AND_ROUTES, ...forbiddenFor(folder)] }],
    },
  })),
);
