// Lint: typescript-eslint's strict, type-checked rules, with the few that do not fit this code switched off or
// tuned (each with its reason), plus the allowed arrows between the rooms of src/ (docs/architecture.md).
import js from "@eslint/js";
import { defineConfig } from "eslint/config";
import tseslint from "typescript-eslint";

/** The rooms (folders) of src/. */
const ROOMS = [
  "approvals",
  "cards",
  "cli",
  "composition",
  "config",
  "domain",
  "eval",
  "functions",
  "import",
  "jobs",
  "llm",
  "operators",
  "queue",
  "resilience",
  "storage",
  "teams",
  "telemetry",
  "tools",
  "workflow",
];

/** Entry points: only they build concrete adapters, so nothing else may import them. */
const ENTRY_POINTS = ["cli", "composition", "functions"];

/** Packages that belong to one boundary each; a room outside it reaches them through a port. */
const TEAMS_SDK = ["botbuilder", "botbuilder-*", "botframework-*", "@microsoft/teams-ai"];
const MODEL_SDK = ["openai", "@azure/identity"];
const AZURE_SDK = ["@azure/*", "applicationinsights", "@opentelemetry/*"];
const HTTP_SERVER = ["restify"];

/** A relative import that reaches into one of `rooms` (from any depth below src/). */
const intoRooms = (rooms) => `^(\\.\\./)+(${rooms.join("|")})(/|$)`;

/** The offline engine is a model like the others: only llm/create-chat-model.ts loads it, when no model is configured. */
const OFFLINE_ENGINE = {
  regex: "^(\\.\\./)+llm/offline(/|$)",
  message: "only llm/create-chat-model.ts loads the offline engine (no model configured); read questions with src/tools/question.",
};

/**
 * Which rooms a room may import (besides itself) and which outside packages it may not, as a
 * `no-restricted-imports` rule for its files.
 */
function arrows(room, { mayImport, forbiddenPackages = [] }) {
  const forbiddenRooms = ROOMS.filter((other) => other !== room && !mayImport.includes(other));
  const patterns = [
    {
      regex: intoRooms(forbiddenRooms),
      message: `src/${room} may import only ${mayImport.length ? mayImport.join(", ") : "no other room"} (docs/architecture.md, "Allowed arrows").`,
    },
    { regex: "^(\\.\\./)+index$", message: "Only the entry points import the composition root." },
    OFFLINE_ENGINE,
  ];
  if (forbiddenPackages.length) {
    patterns.push({
      group: forbiddenPackages,
      message: `src/${room} reaches this SDK through a port; the SDK stays in its adapter room (docs/architecture.md).`,
    });
  }
  return {
    files: [`src/${room}/**/*.ts`],
    rules: { "no-restricted-imports": ["error", { patterns }] },
  };
}

const ALL_SDKS = [...TEAMS_SDK, ...MODEL_SDK, ...AZURE_SDK, ...HTTP_SERVER];
const notEntry = (rooms) => rooms.filter((room) => !ENTRY_POINTS.includes(room));
const ADAPTER_PORT_OWNERS = ["domain", "resilience", "workflow", "config", "tools", "import"];

export default defineConfig(
  {
    ignores: ["dist/**", "node_modules/**", "appPackage/**", ".procura/**", "test-results/**", "**/*.js", "**/*.cjs", "**/*.mjs"],
  },
  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // Numbers and booleans print plainly in messages and logs; objects, undefined and null still fail.
      "@typescript-eslint/restrict-template-expressions": ["error", { allowNumber: true, allowBoolean: true }],
      // `() => doSomething()` as a callback is the house style for one-line handlers.
      "@typescript-eslint/no-confusing-void-expression": ["error", { ignoreArrowShorthand: true }],
      // Memory adapters implement async ports with synchronous bodies; `async` keeps their errors as rejections.
      "@typescript-eslint/require-await": "off",
      // `a || b` on strings treats "" as absent on purpose (an empty header, an empty id).
      "@typescript-eslint/prefer-nullish-coalescing": ["error", { ignorePrimitives: { string: true } }],
      // `() => {}` is how a no-op callback (a sink, a logger) is written here.
      "@typescript-eslint/no-empty-function": ["error", { allow: ["arrowFunctions"] }],
      // The SDK types (botbuilder activities, Cosmos documents, parsed env) claim fields are always present
      // when Teams and the stores do omit them; the checks at those boundaries are deliberate.
      "@typescript-eslint/no-unnecessary-condition": "off",
      // A `!` states what the code knows without checking it; `lookup` (domain/errors.ts) or a guard with a
      // clear error says it instead, so a wrong assumption fails loudly where it is made.
      "@typescript-eslint/no-non-null-assertion": "error",
      // `const { dropped: _dropped, ...kept } = value` is how a field is left out of a copy.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true }],
    },
  },
  {
    // Tests and benchmarks read untyped JSON off the wire (activities, Cosmos documents, model requests, a
    // child process's figures) and assert on it or print it: the assertions and the tables are the check.
    files: ["test/**/*.ts", "bench/**/*.ts"],
    rules: {
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      "@typescript-eslint/no-explicit-any": "off",
      // A failing assertion's message prints whatever it was given (arrays, parsed values) as it is.
      "@typescript-eslint/restrict-template-expressions": "off",
      "@typescript-eslint/no-base-to-string": "off",
      "@typescript-eslint/restrict-plus-operands": "off",
      // Tests cast the adapter they built back to its test class to read what it recorded.
      "@typescript-eslint/no-unsafe-class-instance-assignment": "off",
      // A test reads what it has just asserted is there; a wrong `!` fails that test, never a user's request.
      "@typescript-eslint/no-non-null-assertion": "off",
    },
  },
  {
    // A test's settings come from testConfig, which gives it a data folder of its own: loadConfig alone
    // would read a `.procura/data` the user imported into the clone.
    files: ["test/**/*.ts"],
    ignores: ["test/fakes/test-config.ts", "test/unit/config/load-config.test.ts", "test/integration/telemetry/fixtures/emit-telemetry.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "/src/config$", importNames: ["loadConfig"], message: "use testConfig (test/fakes/test-config.ts)." }] },
      ],
    },
  },
  {
    files: ENTRY_POINTS.map((room) => `src/${room}/**/*.ts`),
    rules: { "no-restricted-imports": ["error", { patterns: [OFFLINE_ENGINE] }] },
  },
  // The allowed arrows between rooms: domain and resilience at the ground, the workflow owning its
  // ports, adapters implementing the ports they are given, entry points building everything.
  arrows("domain", { mayImport: [], forbiddenPackages: ALL_SDKS }),
  arrows("resilience", { mayImport: [], forbiddenPackages: ALL_SDKS }),
  arrows("config", { mayImport: ["domain", "resilience"], forbiddenPackages: ALL_SDKS }),
  arrows("workflow", { mayImport: ["domain", "resilience"], forbiddenPackages: ALL_SDKS }),
  arrows("cards", { mayImport: ["domain", "workflow"], forbiddenPackages: ALL_SDKS }),
  arrows("tools", { mayImport: ["domain", "resilience", "workflow", "config"], forbiddenPackages: ALL_SDKS }),
  arrows("import", { mayImport: ["domain", "resilience", "tools", "config"], forbiddenPackages: ALL_SDKS }),
  arrows("eval", { mayImport: ["domain", "resilience", "workflow", "llm", "tools", "config"], forbiddenPackages: ALL_SDKS }),
  arrows("llm", {
    mayImport: ["domain", "resilience", "workflow", "tools", "config"],
    forbiddenPackages: [...TEAMS_SDK, ...HTTP_SERVER, "@azure/cosmos", "@azure/storage-queue"],
  }),
  arrows("storage", { mayImport: ADAPTER_PORT_OWNERS, forbiddenPackages: [...MODEL_SDK, ...HTTP_SERVER, "@azure/storage-queue"] }),
  arrows("telemetry", { mayImport: ADAPTER_PORT_OWNERS, forbiddenPackages: [...TEAMS_SDK, ...MODEL_SDK, ...HTTP_SERVER] }),
  arrows("queue", { mayImport: ADAPTER_PORT_OWNERS, forbiddenPackages: [...TEAMS_SDK, ...MODEL_SDK, ...HTTP_SERVER, "@azure/cosmos"] }),
  // The approvals module owns its ports and its reminders and expiry; Teams implements its ports
  // (teams/messenger.ts, teams/approval-inbound.ts), so the arrow runs from teams to approvals only.
  arrows("approvals", {
    mayImport: ["domain", "resilience", "workflow", "cards", "config", "telemetry"],
    forbiddenPackages: [...TEAMS_SDK, ...MODEL_SDK, ...HTTP_SERVER, "@azure/*"],
  }),
  // A job's runner (…-runner.ts) is the job's own composition root, so it builds stores, the run queue
  // (approval maintenance hands expired approvals to the bot's workers) and telemetry (and, for the
  // canary, the whole workflow through the composition helpers).
  arrows("jobs", {
    mayImport: [
      "domain",
      "resilience",
      "workflow",
      "approvals",
      "eval",
      "teams",
      "cards",
      "config",
      "storage",
      "queue",
      "telemetry",
      "tools",
      "composition",
    ],
    forbiddenPackages: [...MODEL_SDK, ...HTTP_SERVER, "@azure/*"],
  }),
  arrows("operators", {
    mayImport: ["domain", "resilience", "workflow", "cards", "config"],
    forbiddenPackages: [...MODEL_SDK, ...HTTP_SERVER, "@azure/*"],
  }),
  arrows("teams", { mayImport: notEntry(ROOMS).filter((room) => room !== "teams"), forbiddenPackages: [...MODEL_SDK, "@azure/*"] }),
  arrows("functions", {
    mayImport: ["jobs", "config", "domain", "telemetry"],
    forbiddenPackages: [...TEAMS_SDK, ...MODEL_SDK, "@azure/cosmos"],
  }),
);
