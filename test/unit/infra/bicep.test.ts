import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { EnvSchema } from "../../../src/config/schema";
import { CONTAINERS } from "../../../src/storage/containers";
import { objectEntries, readBicep, undeclaredReferences, type BicepFile } from "./bicep-reader";

const INFRA = path.resolve(__dirname, "..", "..", "..", "infra");
const MAIN = path.join(INFRA, "main.bicep");

/**
 * Settings the code reads that production deliberately does not set, each with the reason.
 * A new EnvSchema key fails the test below until it is set in main.bicep or listed here.
 */
const NOT_SET_IN_AZURE: Record<string, string> = {
  PORT: "App Service injects PORT itself",
  HOST: "an authenticated bot listens on every interface by default, which App Service needs",
  ALLOW_UNAUTHENTICATED: "production requires BOT_ID, so there is nothing to allow",
  PLAYGROUND_PORT: "the Agents Playground is for `npm run dev` only",
  PLAYGROUND_APPROVER_PORT: "the Agents Playground is for `npm run dev` only",
  AZURE_OPENAI_API_KEY: "the identity calls Azure OpenAI with Entra ID; key auth is disabled on the account",
  OPENAI_BASE_URL: "the openai-compatible provider is for local or non-Azure models",
  OPENAI_API_KEY: "the openai-compatible provider is for local or non-Azure models",
  COSMOS_KEY: "Cosmos DB local (key) auth is disabled; the identity is a data-plane contributor",
  RUN_QUEUE_CONNECTION_STRING: "shared-key access is disabled on the storage account; RUN_QUEUE_URL with the identity instead",
  BOT_PASSWORD: "a UserAssignedMsi bot has no client secret",
  PROMPTS_DIR: "prompts ship inside the deployed package",
  OPERATOR_SERVICE_URL: "taken from the requester's conversation unless an operator sets it for a channel no user has written from",
  CLOUD_ROLE_NAME: "set per app (procura-bot, procura-eval) next to the shared settings",
  PROCURA_DATA_DIR: "the local data directory is for runs without Cosmos; Azure reads imported data from Cosmos",
  FISCAL_YEAR_START_MONTH: "read by npm run import, which runs where the export files are, not in the apps",
  EVAL_API_KEYS: "only for evaluation endpoints outside Azure; the operator adds it as a Key Vault reference (docs/evaluation.md)",
  PROCURA_DEBUG:
    "full failure detail is for a person at a terminal; the apps log one line per failure and send exceptions to Application Insights",
};
/** Platform settings that are not ours but are read by the SDKs (DefaultAzureCredential, Oryx). */
const PLATFORM_SETTINGS = new Set(["AZURE_CLIENT_ID", "SCM_DO_BUILD_DURING_DEPLOYMENT"]);

function bicepFiles(): string[] {
  return [
    MAIN,
    ...readdirSync(path.join(INFRA, "modules"))
      .filter((f) => f.endsWith(".bicep"))
      .map((f) => path.join(INFRA, "modules", f)),
  ];
}

function varObject(file: BicepFile, name: string): Map<string, string> {
  const declaration = new RegExp(`^var\\s+${name}\\s*=\\s*\\{`, "m").exec(file.code);
  assert.ok(declaration, `var ${name} in main.bicep`);
  return objectEntries(file.code, declaration.index + declaration[0].length - 1);
}

describe("infra (static Bicep checks)", () => {
  const main = readBicep(MAIN);

  it("every module file exists, gets all its required params and no unknown ones", () => {
    for (const file of bicepFiles()) {
      for (const module of readBicep(file).modules) {
        const target = path.resolve(path.dirname(file), module.path);
        assert.ok(existsSync(target), `${path.basename(file)}: module ${module.symbol} → ${module.path} exists`);
        const declared = readBicep(target).params;
        for (const param of declared.filter((p) => p.required))
          assert.ok(module.params.has(param.name), `${module.symbol} (${module.path}) gets required param ${param.name}`);
        for (const passed of module.params.keys())
          assert.ok(
            declared.some((p) => p.name === passed),
            `${module.symbol} (${module.path}) declares param ${passed}`,
          );
      }
    }
  });

  it("every <module>.outputs.<name> used exists in that module", () => {
    for (const file of bicepFiles()) {
      const bicep = readBicep(file);
      for (const match of bicep.code.matchAll(/\b(\w+)\.outputs\.(\w+)/g)) {
        const module = bicep.modules.find((m) => m.symbol === match[1]);
        assert.ok(module, `${path.basename(file)}: ${match[1]} is a module`);
        const outputs = readBicep(path.resolve(path.dirname(file), module.path)).outputs;
        assert.ok(outputs.includes(match[2]), `${module.path} outputs ${match[2]}`);
      }
    }
  });

  it("every identifier used is declared (param, var, resource, module, loop variable) or built in", () => {
    for (const file of bicepFiles()) assert.deepEqual(undeclaredReferences(readBicep(file)), [], path.basename(file));
  });

  it("every loaded file exists", () => {
    for (const file of bicepFiles())
      for (const loaded of readBicep(file).loadedFiles)
        assert.ok(existsSync(path.resolve(path.dirname(file), loaded)), `${file} loads ${loaded}`);
  });

  it("main.parameters.json sets declared params only, and every required one", () => {
    const parameters = JSON.parse(readFileSync(path.join(INFRA, "main.parameters.json"), "utf8")) as {
      parameters: Record<string, unknown>;
    };
    for (const name of Object.keys(parameters.parameters))
      assert.ok(
        main.params.some((p) => p.name === name),
        `main.bicep declares ${name}`,
      );
    for (const param of main.params.filter((p) => p.required))
      assert.ok(param.name in parameters.parameters, `main.parameters.json sets ${param.name}`);
  });

  it("provides every setting the code reads as an app setting of the bot and the function", () => {
    const settings = varObject(main, "sharedSettings");
    const missing = Object.keys(EnvSchema.shape).filter((key) => !settings.has(key) && !(key in NOT_SET_IN_AZURE));
    assert.deepEqual(missing, [], "EnvSchema keys missing from sharedSettings in main.bicep");
    for (const key of settings.keys()) assert.ok(key in EnvSchema.shape || PLATFORM_SETTINGS.has(key), `${key} is a known setting (typo?)`);
    for (const symbol of ["appService", "functionApp"]) {
      const appSettings = main.modules.find((m) => m.symbol === symbol)?.params.get("appSettings") ?? "";
      assert.match(
        appSettings,
        /^union\(sharedSettings,\s*\{\s*CLOUD_ROLE_NAME:/,
        `${symbol} gets sharedSettings and its own CLOUD_ROLE_NAME`,
      );
    }
  });

  it("reads secrets from Key Vault references and sets no keys", () => {
    const source = readFileSync(MAIN, "utf8");
    assert.match(source, /APPLICATIONINSIGHTS_CONNECTION_STRING: keyVault\.outputs\.appInsightsConnectionStringReference/);
    assert.match(
      readFileSync(path.join(INFRA, "modules", "key-vault.bicep"), "utf8"),
      /'@Microsoft\.KeyVault\(SecretUri=\$\{appInsightsSecret\.properties\.secretUri\}\)'/,
    );
    assert.doesNotMatch(source, /listKeys\(|AccountKey|COSMOS_KEY|AZURE_OPENAI_API_KEY|BOT_PASSWORD/);
    for (const module of ["cosmos.bicep", "openai.bicep"])
      assert.match(readFileSync(path.join(INFRA, "modules", module), "utf8"), /disableLocalAuth: true/);
  });

  it("creates the Cosmos containers the code uses, with the same partition keys and the transcript TTL", () => {
    const source = readFileSync(path.join(INFRA, "modules", "cosmos.bicep"), "utf8");
    const declared = Object.fromEntries([...source.matchAll(/\{ name: '(\w+)', partitionKey: '([^']+)'/g)].map((m) => [m[1], m[2]]));
    assert.deepEqual(declared, { ...CONTAINERS });
    assert.match(source, /name: 'transcripts', partitionKey: '\/conversationId', defaultTtl: transcriptTtlDays \* 86400/);
  });

  it("can add a secondary Azure OpenAI account in a second region with the same deployments, listed after the primary", () => {
    const source = readFileSync(MAIN, "utf8");
    const secondary = /module openAiSecondary 'modules\/openai\.bicep' = if \(!empty\(secondaryOpenAiLocation\)\) \{([\s\S]*?)\n\}/.exec(
      source,
    );
    assert.ok(secondary, "an optional openAiSecondary module, off when secondaryOpenAiLocation is empty");
    assert.match(secondary[1], /location: secondaryOpenAiLocation/);
    assert.match(secondary[1], /routerDeployment: routerDeployment/);
    assert.match(secondary[1], /mainDeployment: mainDeployment/);
    assert.match(source, /param secondaryOpenAiLocation string = ''/);
    assert.match(
      source,
      /var openAiEndpoints = empty\(secondaryOpenAiLocation\) \? openAi\.outputs\.endpoint : '\$\{openAi\.outputs\.endpoint\},\$\{openAiSecondary!\.outputs\.endpoint\}'/,
    );
    assert.match(source, /AZURE_OPENAI_ENDPOINT: openAiEndpoints/);
  });

  it("runs the apps on Node 22 with always on, and the bot as a UserAssignedMSI with the Teams channel", () => {
    const appService = readFileSync(path.join(INFRA, "modules", "app-service.bicep"), "utf8");
    assert.match(appService, /linuxFxVersion: 'NODE\|22-lts'/);
    assert.match(appService, /alwaysOn: true/);
    assert.match(readFileSync(path.join(INFRA, "modules", "function-app.bicep"), "utf8"), /linuxFxVersion: 'NODE\|22'/);
    const bot = readFileSync(path.join(INFRA, "modules", "bot.bicep"), "utf8");
    assert.match(bot, /msaAppType: 'UserAssignedMSI'/);
    assert.match(bot, /name: 'MsTeamsChannel'/);
  });

  it("runs the queue on a storage account without keys, the identity a Storage Queue Data Contributor, the Functions host on the same account", () => {
    const storage = readFileSync(path.join(INFRA, "modules", "storage.bicep"), "utf8");
    assert.match(storage, /allowSharedKeyAccess: false/);
    assert.match(storage, /storageQueueDataContributor = '974c5e8b-45b9-4653-ba55-5f855dd0fb88'/);
    assert.match(storage, /name: '\$\{runQueueName\}-poison'/, "the poison queue the bot writes to");
    assert.match(storage, /name: '\$\{runQueueName\}-started'/, "the queue of started runs the bot reads first");
    assert.ok(
      readFileSync(MAIN, "utf8").includes(`runQueueName: '${EnvSchema.shape.RUN_QUEUE_NAME.parse(undefined)}'`),
      "the queue the code uses by default",
    );
    const settings = varObject(main, "sharedSettings");
    assert.equal(settings.get("RUN_QUEUE_URL"), "storage.outputs.queueEndpoint");
    const functionApp = readFileSync(path.join(INFRA, "modules", "function-app.bicep"), "utf8");
    assert.doesNotMatch(functionApp, /Microsoft\.Storage\/storageAccounts/, "no storage account of its own");
    assert.equal(main.modules.find((m) => m.symbol === "functionApp")!.params.get("storageAccountName"), "storage.outputs.accountName");
  });

  it("runs at least two bot instances, zone redundant where the SKU allows, scaled on the run queue's length", () => {
    const appService = readFileSync(path.join(INFRA, "modules", "app-service.bicep"), "utf8");
    assert.match(appService, /@minValue\(2\)\s*param minimumInstances int/);
    assert.match(appService, /sku: \{ name: skuName, capacity: minimumInstances \}/);
    assert.match(appService, /zoneRedundant: zoneRedundant/);
    assert.match(
      appService,
      /metricName: 'ApproximateMessageCount'[\s\S]*metricResourceUri: runQueueResourceId[\s\S]*direction: 'Increase'/,
    );
    assert.match(appService, /direction: 'Decrease'/);
    assert.ok(main.params.some((p) => p.name === "minimumInstances"));
    assert.match(readFileSync(MAIN, "utf8"), /param appServiceSku string = 'P1v3'/, "a SKU with zone redundancy and autoscale by default");
  });

  it("makes Cosmos zone redundancy a parameter", () => {
    const cosmos = readFileSync(path.join(INFRA, "modules", "cosmos.bicep"), "utf8");
    assert.match(cosmos, /isZoneRedundant: zoneRedundant/);
    assert.equal(main.modules.find((m) => m.symbol === "cosmos")!.params.get("zoneRedundant"), "cosmosZoneRedundant");
  });

  describe("the reader itself", () => {
    let dir: string;
    before(() => (dir = mkdtempSync(path.join(tmpdir(), "bicep-"))));
    after(() => rmSync(dir, { recursive: true, force: true }));

    it("finds a misspelt reference, module params and strings with interpolation", () => {
      const file = path.join(dir, "t.bicep");
      writeFileSync(
        file,
        [
          "param location string // a comment with identifiers: notDeclared",
          "param name string = 'x-${location}'",
          "module m 'mod.bicep' = {",
          "  name: 'm'",
          "  params: { location: locaton, other: name }",
          "}",
          "output o string = '${m.outputs.id}-${nme}'",
        ].join("\n"),
      );
      const bicep = readBicep(file);
      assert.deepEqual(bicep.params, [
        { name: "location", required: true },
        { name: "name", required: false },
      ]);
      assert.deepEqual(
        [...bicep.modules[0].params.entries()],
        [
          ["location", "locaton"],
          ["other", "name"],
        ],
      );
      assert.deepEqual(undeclaredReferences(bicep).sort(), ["locaton", "nme"]);
    });
  });
});
