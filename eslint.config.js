// One lint for the whole repository (decision 029): typescript-eslint's strict type-checked rules everywhere, the
// hooks rules on the web, and the import boundaries STYLE.md asks for, so they rest on the tools, not on memory.
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { defineConfig } from "eslint/config";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const webFeatures = readdirSync(new URL("apps/web/src/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default defineConfig(
  {
    // The bench's own output (bench/.gitignore): a bundled server and profiles, not sources.
    ignores: [
      "**/node_modules/",
      "**/dist/",
      "**/dist-shell/",
      "apps/server/src/db/migrations/",
      "bench/.work/",
      "bench/.profile/",
    ],
  },
  {
    files: [
      "apps/*/src/**/*.{ts,tsx}",
      "apps/*/test/**/*.ts",
      "apps/*/scripts/**/*.ts",
      "packages/contract/**/*.ts",
      "e2e/**/*.ts",
      "bench/**/*.ts",
      "scripts/**/*.{js,mjs}",
    ],
    extends: [js.configs.recommended, tseslint.configs.strictTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [
        createTypeScriptImportResolver({
          project: [
            "apps/server/tsconfig.json",
            "apps/web/tsconfig.json",
            "packages/contract/tsconfig.json",
            "e2e/tsconfig.json",
            "bench/tsconfig.json",
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      // Strict already has it; named here because a promise nobody awaits is how a rejection goes unseen.
      "@typescript-eslint/no-floating-promises": "error",
      // Numbers and booleans in template strings read fine and are what the messages want.
      "@typescript-eslint/restrict-template-expressions": ["error", { allowNumber: true, allowBoolean: true }],
      // `onClick={() => setOpen(false)}` returns nothing useful and says so plainly; braces there would be noise.
      "@typescript-eslint/no-confusing-void-expression": ["error", { ignoreArrowShorthand: true }],
      // `_unused` is the marker for a parameter a signature needs (a handler's `request`, say) but the body does not.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" },
      ],
    },
  },

  // The web: hooks' rules, the browser's globals, and bulletproof-react's one-way imports: shared code
  // (components/, lib/) → features → app. Features never import each other; where two meet, app/ composes them.
  {
    files: ["apps/web/src/**/*.{ts,tsx}"],
    extends: [reactHooks.configs.flat["recommended-latest"]],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          // Zones are paths from the repository's root, wherever eslint is started.
          basePath: import.meta.dirname,
          zones: [
            ...webFeatures.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: "./apps/web/src/features",
              except: [`./${feature}`],
              message:
                "Features do not import each other: move what both need to components/ or lib/, or compose them in app/.",
            })),
            {
              target: "./apps/web/src/features",
              from: "./apps/web/src/app",
              message: "Features do not import the app; the app composes features.",
            },
            {
              target: ["./apps/web/src/components", "./apps/web/src/lib"],
              from: ["./apps/web/src/features", "./apps/web/src/app"],
              message: "Shared code (components/, lib/) imports no feature and not the app.",
            },
            {
              target: "./apps/web",
              from: "./apps/server",
              message: "The apps meet only in the contract (packages/contract).",
            },
          ],
        },
      ],
      // Decision 028: the OpenAPI words and the table of every endpoint are the server's. In the web they would put
      // every summary, or every endpoint and its schemas, into the bundle a phone downloads.
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "@housemate/contract/api-docs", message: "The OpenAPI words are the server's (decision 028)." },
            {
              name: "@housemate/contract",
              importNames: ["API_ENDPOINTS"],
              message: "Import the feature's endpoints (finesApi…): the table of all of them is the server's.",
            },
          ],
        },
      ],
    },
  },

  // The server: plugins and lib/ are what features stand on, so they import no feature.
  {
    files: ["apps/server/src/**/*.ts"],
    rules: {
      // Fastify takes a plugin, hook or handler either as an async function or as one that calls `done`; an async
      // function with no await is the ordinary form of the first (turning it sync would change how Fastify calls it).
      "@typescript-eslint/require-await": "off",
      "import-x/no-restricted-paths": [
        "error",
        {
          // Zones are paths from the repository's root, wherever eslint is started.
          basePath: import.meta.dirname,
          zones: [
            {
              target: "./apps/server/src/plugins",
              from: "./apps/server/src/features",
              message: "Plugins import no feature: a feature registers its own plugin (app.ts mounts it).",
            },
            {
              target: "./apps/server/src/lib",
              from: "./apps/server/src/features",
              message: "lib/ imports no feature: what a feature and lib/ both need belongs in lib/.",
            },
            {
              target: "./apps/server",
              from: "./apps/web",
              message: "The apps meet only in the contract (packages/contract).",
            },
          ],
        },
      ],
    },
  },

  // The contract is what both apps stand on (and it is bundled into the web), so it imports neither.
  {
    files: ["packages/contract/**/*.ts"],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          basePath: import.meta.dirname,
          zones: [
            { target: "./packages/contract", from: "./apps", message: "The contract imports no app." },
            {
              target: "./packages/contract/src/values",
              from: "./packages/contract/src",
              except: ["./values"],
              message: "values/ stands on nothing but itself: the web's shell imports it without the schemas.",
            },
          ],
        },
      ],
    },
  },
  // The contract's values are plain TypeScript: the web's shell loads them on every page, without a schema library.
  {
    files: ["packages/contract/src/values/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [{ name: "zod", message: "values/ has no schemas (decision 033)." }] },
      ],
    },
  },

  // Tests, and the helpers only tests use, relax three rules:
  // - they state what they know from the setup they just made: a row they inserted is there, so `rows[0]!` is the
  //   plain way to say it rather than a guard that can never run;
  // - a stand-in for an async API (a fake fetch, Capacitor's plugin) is written `async` so it answers a promise as
  //   the real one does, and `await act(async () => …)` is how React flushes the work a callback started;
  // - `expect(fake.method).toHaveBeenCalled()` hands over a mock to inspect, not a method to call unbound.
  {
    files: [
      "**/*.test.{ts,tsx}",
      "apps/*/test/**/*.ts",
      "apps/web/src/**/testing/**",
      "apps/web/src/test/**",
      "e2e/**/*.ts",
    ],
    rules: {
      "@typescript-eslint/no-non-null-assertion": "off",
      "@typescript-eslint/require-await": "off",
      "@typescript-eslint/unbound-method": "off",
    },
  },

  // The server's tests read answers through `inject`'s `response.json()`, which is `any` by design
  // (light-my-request); the assertion that follows (`toEqual`, `toMatchObject`) is what checks the shape, and a type
  // argument on each call would restate the contract in every test without checking anything more.
  {
    files: ["apps/server/test/**/*.ts"],
    rules: {
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-return": "off",
    },
  },

  // Plain JavaScript belongs to no tsconfig, so the rules that need types are off for it.
  {
    files: ["**/*.{js,mjs}"],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
