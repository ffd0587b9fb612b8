import assert from "node:assert/strict";
import { stringsFor } from "../../../src/domain";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseEnv } from "node:util";
import { PNG } from "pngjs";
import unzipper from "unzipper";
import {
  buildAppPackage,
  defaultLayout,
  fillPlaceholders,
  loadEnvValues,
  manifestProblems,
  placeholders,
} from "../../../src/cli/package-app";

const ROOT = path.resolve(__dirname, "..", "..", "..");
const APP_PACKAGE = path.join(ROOT, "appPackage");
const template = readFileSync(path.join(APP_PACKAGE, "manifest.json"), "utf8");
const manifestVersion = (JSON.parse(template) as { manifestVersion: string }).manifestVersion;
const layout = defaultLayout(manifestVersion);

/** Values a provisioned environment has. */
const PROVISIONED: Record<string, string> = {
  APP_VERSION: "1.0.0",
  TEAMS_APP_ID: "0b2f2a4e-1b7c-4c0e-9d55-3f9d3a7e1c11",
  BOT_ID: "7d1c9a2b-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
  BOT_DOMAIN: "app-procura-dev.azurewebsites.net",
  APP_SHORT_NAME: "Procura (dev)",
  APP_PUBLISHER: 'Contoso "Procurement"',
  APP_WEBSITE_URL: "https://www.contoso.com/procurement",
  APP_PRIVACY_URL: "https://www.contoso.com/privacy",
  APP_TERMS_URL: "https://www.contoso.com/terms",
};

function png(file: string): PNG {
  return PNG.sync.read(readFileSync(path.join(APP_PACKAGE, file)));
}

function alphaValues(image: PNG): number[] {
  const values: number[] = [];
  for (let i = 3; i < image.data.length; i += 4) values.push(image.data[i]);
  return values;
}

describe("Teams app package", () => {
  it("uses manifest schema v1.24 or later (custom engine agents), and only placeholders an environment defines", () => {
    const [major, minor] = manifestVersion.split(".").map(Number);
    assert.ok(major > 1 || minor >= 24, manifestVersion);
    assert.match(template, new RegExp(`json-schemas/teams/v${manifestVersion}/MicrosoftTeams\\.schema\\.json`));
    const dev = parseEnv(readFileSync(path.join(ROOT, "env", ".env.dev"), "utf8"));
    const local = parseEnv(readFileSync(path.join(ROOT, "env", ".env.local"), "utf8"));
    for (const name of placeholders(template)) {
      assert.ok(name in dev, `env/.env.dev defines ${name}`);
      assert.ok(name in local, `env/.env.local defines ${name}`);
    }
  });

  it("is valid against the official Teams schema once filled: bot in three scopes, help/reset commands, valid domain", () => {
    const filled = JSON.parse(fillPlaceholders(template, PROVISIONED, "test")) as Record<string, any>;
    assert.deepEqual(manifestProblems(filled, layout.schemaPath), []);
    const [bot] = filled.bots;
    assert.equal(bot.botId, PROVISIONED.BOT_ID);
    assert.deepEqual(bot.scopes, ["personal", "team", "groupChat"]);
    const commandsByScope = new Map<string, string[]>();
    for (const list of bot.commandLists)
      for (const scope of list.scopes)
        commandsByScope.set(
          scope,
          list.commands.map((c: { title: string }) => c.title),
        );
    for (const scope of ["personal", "team", "groupChat"]) {
      assert.ok(commandsByScope.get(scope)?.includes("help"), `help in ${scope}`);
      assert.ok(commandsByScope.get(scope)?.includes("reset"), `reset in ${scope}`);
    }
    assert.ok(commandsByScope.get("team")?.includes("approvers here"));
    assert.ok(!commandsByScope.get("personal")?.includes("approvers here"), "approver channels are set in a team only");
    assert.deepEqual(filled.validDomains, [PROVISIONED.BOT_DOMAIN]);
    assert.equal(filled.developer.name, 'Contoso "Procurement"', "values are JSON-escaped");
  });

  it("offers the same prompt starters in personal chat as the welcome and help cards, in English and Japanese", () => {
    const filled = JSON.parse(fillPlaceholders(template, PROVISIONED, "test")) as Record<string, any>;
    const personal = filled.bots[0].commandLists.find((list: { scopes: string[] }) => list.scopes.includes("personal"));
    const starters = (personal.commands as { title: string; description: string }[]).filter((c) => !["help", "reset"].includes(c.title));
    assert.deepEqual(
      starters,
      stringsFor("en").promptStarters.map((s) => ({ title: s.question, description: s.description })),
    );

    assert.deepEqual(filled.localizationInfo, {
      defaultLanguageTag: "en-us",
      additionalLanguages: [{ languageTag: "ja-jp", file: "ja.json" }],
    });
    const ja = JSON.parse(fillPlaceholders(readFileSync(path.join(APP_PACKAGE, "ja.json"), "utf8"), PROVISIONED, "test")) as Record<
      string,
      string
    >;
    assert.deepEqual(manifestProblems(ja, layout.localizationSchemaPath), []);
    stringsFor("ja").promptStarters.forEach((starter, i) => {
      assert.equal(ja[`bots[0].commandLists[0].commands[${i}].title`], starter.question);
      assert.equal(ja[`bots[0].commandLists[0].commands[${i}].description`], starter.description);
    });
    // Every command of every list has its Japanese title and description, and commands keep their names.
    filled.bots[0].commandLists.forEach((list: { commands: { title: string }[] }, l: number) =>
      list.commands.forEach((command, c) => {
        const title = ja[`bots[0].commandLists[${l}].commands[${c}].title`];
        assert.ok(title && ja[`bots[0].commandLists[${l}].commands[${c}].description`], `ja text for list ${l} command ${c}`);
        if (["help", "reset", "approvers here"].includes(command.title))
          assert.equal(title, command.title, "commands are typed as they are");
      }),
    );
  });

  it("declares Procura to Microsoft 365 Copilot as a custom engine agent: the bot itself, in personal scope, with conversation starters", () => {
    const filled = JSON.parse(fillPlaceholders(template, PROVISIONED, "test")) as Record<string, any>;
    assert.deepEqual(filled.copilotAgents, { customEngineAgents: [{ type: "bot", id: PROVISIONED.BOT_ID }] });
    assert.equal(filled.copilotAgents.customEngineAgents[0].id, filled.bots[0].botId, "the agent is the bot");
    assert.ok(filled.bots[0].scopes.includes("personal"), "Copilot reaches the bot as a personal chat");
    assert.ok(filled.name.short && filled.description.short, "Copilot lists the agent by its short name and description");
    // Copilot offers the personal command list as the agent's conversation starters: the example questions first.
    const personal = filled.bots[0].commandLists.find((list: { scopes: string[] }) => list.scopes.includes("personal"));
    assert.deepEqual(
      personal.commands.slice(0, stringsFor("en").promptStarters.length).map((c: { title: string }) => c.title),
      stringsFor("en").promptStarters.map((s) => s.question),
    );
    assert.deepEqual(manifestProblems(filled, layout.schemaPath), []);
  });

  it("the schema check refuses a custom engine agent that is not a bot id, or two of them", () => {
    const filled = JSON.parse(fillPlaceholders(template, PROVISIONED, "test"));
    filled.copilotAgents.customEngineAgents = [{ type: "bot", id: "procura" }];
    assert.ok(
      manifestProblems(filled, layout.schemaPath).some((p) => p.startsWith("/copilotAgents/customEngineAgents/0/id ")),
      "a non-GUID id is refused",
    );
    filled.copilotAgents.customEngineAgents = [
      { type: "bot", id: PROVISIONED.BOT_ID },
      { type: "bot", id: PROVISIONED.TEAMS_APP_ID },
    ];
    assert.ok(manifestProblems(filled, layout.schemaPath).some((p) => p.startsWith("/copilotAgents/customEngineAgents ")));
  });

  it("the schema check catches a broken manifest", () => {
    const filled = JSON.parse(fillPlaceholders(template, { ...PROVISIONED, TEAMS_APP_ID: "not-a-guid" }, "test"));
    delete filled.bots[0].scopes;
    const problems = manifestProblems(filled, layout.schemaPath);
    assert.ok(
      problems.some((p) => p.startsWith("/id ")),
      problems.join("; "),
    );
    assert.ok(
      problems.some((p) => p.includes("scopes")),
      problems.join("; "),
    );
  });

  it("has a 192×192 color icon and a 32×32 white-on-transparent outline icon", () => {
    const color = png("color.png");
    assert.deepEqual([color.width, color.height], [192, 192]);
    const outline = png("outline.png");
    assert.deepEqual([outline.width, outline.height], [32, 32]);
    const alpha = alphaValues(outline);
    assert.ok(alpha.filter((a) => a === 0).length > 32 * 32 * 0.4, "mostly transparent");
    assert.ok(alpha.filter((a) => a === 255).length > 32, "has an opaque glyph");
    for (let i = 0; i < outline.data.length; i += 4)
      if (outline.data[i + 3] > 0) assert.deepEqual([...outline.data.subarray(i, i + 3)], [255, 255, 255], "outline pixels are white");
  });

  describe("npm run package", () => {
    let dir: string;
    let scratch: ReturnType<typeof defaultLayout>;
    beforeEach(() => {
      dir = mkdtempSync(path.join(tmpdir(), "app-package-"));
      scratch = { ...layout, appPackageDir: path.join(dir, "appPackage"), envDir: path.join(dir, "env") };
      for (const file of ["manifest.json", "ja.json", "color.png", "outline.png"])
        cpSync(path.join(APP_PACKAGE, file), path.join(scratch.appPackageDir, file));
      mkdirSync(scratch.envDir);
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it("builds appPackage.<env>.zip with the manifest filled from .env.<env> and .env.<env>.user, and both icons", async () => {
      const { BOT_ID, ...rest } = PROVISIONED;
      writeFileSync(
        path.join(scratch.envDir, ".env.dev"),
        Object.entries(rest)
          .map(([k, v]) => `${k}=${v}`)
          .join("\n") + "\nBOT_ID=\n# comment\n",
      );
      writeFileSync(path.join(scratch.envDir, ".env.dev.user"), `BOT_ID="${BOT_ID}"\n`);
      const { zipPath, manifestPath } = buildAppPackage("dev", loadEnvValues(scratch.envDir, "dev"), scratch);
      assert.equal(path.basename(zipPath), "appPackage.dev.zip");
      // Read back with the reader the import uses, not the writer's own.
      const { files } = await unzipper.Open.file(zipPath);
      const read = async (name: string) => files.find((file) => file.path === name)!.buffer();
      assert.deepEqual(files.map((file) => file.path).sort(), ["color.png", "ja.json", "manifest.json", "outline.png"]);
      assert.match((await read("ja.json")).toString(), /"name\.short": "Procura \(dev\)"/, "localization placeholders are filled");
      const written = (await read("manifest.json")).toString();
      const manifest = JSON.parse(written);
      assert.equal(manifest.bots[0].botId, BOT_ID);
      assert.equal(manifest.id, PROVISIONED.TEAMS_APP_ID);
      assert.doesNotMatch(written, /\$\{\{/);
      assert.deepEqual(await read("color.png"), readFileSync(path.join(APP_PACKAGE, "color.png")));
      assert.equal(readFileSync(manifestPath, "utf8"), written);
    });

    it("fails naming every variable without a value and where to set it, and writes nothing", () => {
      writeFileSync(path.join(scratch.envDir, ".env.dev"), "APP_VERSION=1.0.0\nBOT_ID=\n");
      assert.throws(
        () => buildAppPackage("dev", loadEnvValues(scratch.envDir, "dev"), scratch),
        /App package: no value for TEAMS_APP_ID, APP_PUBLISHER, APP_WEBSITE_URL, APP_PRIVACY_URL, APP_TERMS_URL, APP_SHORT_NAME, BOT_ID, BOT_DOMAIN \(set them in env\/\.env\.dev or env\/\.env\.dev\.user\)/,
      );
      assert.equal(existsSync(path.join(scratch.appPackageDir, "build")), false);
    });

    it("lets the process environment override the files (CI)", () => {
      writeFileSync(path.join(scratch.envDir, ".env.dev"), "BOT_ID=from-file\n");
      assert.equal(loadEnvValues(scratch.envDir, "dev", { BOT_ID: "from-ci", OTHER: undefined }).BOT_ID, "from-ci");
    });
  });
});
