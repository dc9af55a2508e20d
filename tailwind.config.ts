import type { Config } from "tailwindcss";
import plugin from "tailwindcss/plugin";

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        brand: {
          50: "#eef2ff",
          100: "#e0e7ff",
          200: "#c7d2fe",
          500: "#6366f1",
          600: "#4f46e5",
          700: "#4338ca",
          800: "#3730a3",
          900: "#312e81",
          950: "#1e1b4b",
        },
      },
      maxWidth: { page: "76rem" },
    },
  },
  plugins: [
    /*
     * `without-script:`, the page as no script will change it: in a browser without JavaScript,
     * and on a page that ships none (`data-hydrate="false"` on the root element,
     * app/lib/document/page-scripts.tsx), which must look and work the same.
     */
    plugin(({ addVariant }) => {
      addVariant("without-script", ["@media (scripting: none)", 'html[data-hydrate="false"] &']);
    }),
  ],
} satisfies Config;
