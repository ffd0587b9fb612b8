// As Teams Toolkit's `teamsApp/zipAppPackage` does: `${{VAR}}` from env/.env.<env>, .env.<env>.user (git-ignored secrets), the environment.
import AdmZip from "adm-zip";
import type { ValidateFunction } from "ajv";
import Ajv from "ajv-draft-04";
import addFormats from "ajv-formats";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";
import { ConfigurationError } from "../domain/errors";
import { CommandExit, parseCommand } from "./args";

const ROOT = path.resolve(__dirname, "..", "..");
const PLACEHOLDER = /\$\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

const SCHEMAS = path.join(ROOT, "node_modules/@microsoft/app-manifest/build/json-schemas/teams");

export function defaultLayout(manifestVersion: string) {
  return {
    appPackageDir: path.join(ROOT, "appPackage"),
    envDir: path.join(ROOT, "env"),
    schemaPath: path.join(SCHEMAS, `v${manifestVersion}`, "MicrosoftTeams.schema.json"),
    localizationSchemaPath: path.join(SCHEMAS, `v${manifestVersion}`, "MicrosoftTeams.Localization.schema.json"),
  };
}

/** The values for an environment: env/.env.<env>, overridden by .env.<env>.user, then by `overrides`. */
export function loadEnvValues(envDir: string, env: string, overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const values: Record<string, string> = {};
  for (const file of [`.env.${env}`, `.env.${env}.user`]) {
    const full = path.join(envDir, file);
    if (existsSync(full)) Object.assign(values, parseEnv(readFileSync(full, "utf8")));
  }
  for (const [key, value] of Object.entries(overrides)) if (value !== undefined) values[key] = value;
  return values;
}

export function placeholders(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((match) => match[1]))];
}

/** Values are JSON-escaped (they sit inside strings); throws a ConfigurationError listing each variable without a value. */
export function fillPlaceholders(template: string, values: Record<string, string>, source: string): string {
  const missing = placeholders(template).filter((name) => !values[name]);
  if (missing.length > 0)
    throw new ConfigurationError(
      `App package: no value for ${missing.join(", ")} (set ${missing.length > 1 ? "them" : "it"} in ${source})`,
    );
  return template.replace(PLACEHOLDER, (_, name: string) => JSON.stringify(values[name]).slice(1, -1));
}

const validators = new Map<string, ValidateFunction>();

export function manifestProblems(manifest: unknown, schemaPath: string): string[] {
  let validate = validators.get(schemaPath);
  if (!validate) {
    // The localization schema has patterns that are valid only as non-Unicode regular expressions.
    const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
    addFormats(ajv);
    validate = ajv.compile(JSON.parse(readFileSync(schemaPath, "utf8")));
    validators.set(schemaPath, validate);
  }
  if (validate(manifest)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath || "(root)"} ${error.message ?? "is invalid"}`);
}

export function buildAppPackage(
  env: string,
  values: Record<string, string>,
  layout: ReturnType<typeof defaultLayout>,
): { zipPath: string; manifestPath: string } {
  const source = `env/.env.${env} or env/.env.${env}.user`;
  const template = readFileSync(path.join(layout.appPackageDir, "manifest.json"), "utf8");
  const filled = fillPlaceholders(template, values, source);
  const manifest = JSON.parse(filled) as {
    icons: { color: string; outline: string };
    localizationInfo?: { additionalLanguages?: { file: string }[] };
  };
  const problems = manifestProblems(manifest, layout.schemaPath);
  if (problems.length > 0) throw new ConfigurationError(`App package: the manifest for '${env}' is invalid: ${problems.join("; ")}`);
  const localizations = (manifest.localizationInfo?.additionalLanguages ?? []).map(({ file }) => {
    const text = fillPlaceholders(readFileSync(path.join(layout.appPackageDir, file), "utf8"), values, source);
    const localizationProblems = manifestProblems(JSON.parse(text), layout.localizationSchemaPath);
    if (localizationProblems.length > 0)
      throw new ConfigurationError(`App package: ${file} for '${env}' is invalid: ${localizationProblems.join("; ")}`);
    return { file, text };
  });

  const buildDir = path.join(layout.appPackageDir, "build");
  mkdirSync(buildDir, { recursive: true });
  const manifestPath = path.join(buildDir, `manifest.${env}.json`);
  writeFileSync(manifestPath, filled);
  const zip = new AdmZip();
  zip.addFile("manifest.json", Buffer.from(filled));
  for (const icon of [manifest.icons.color, manifest.icons.outline]) zip.addFile(icon, readFileSync(path.join(layout.appPackageDir, icon)));
  for (const { file, text } of localizations) zip.addFile(file, Buffer.from(text));
  const zipPath = path.join(buildDir, `appPackage.${env}.zip`);
  zip.writeZip(zipPath);
  return { zipPath, manifestPath };
}

function main(): number {
  const { values, positionals } = parseCommand(process.argv.slice(2), {
    usage: "Usage: npm run package -- [--env dev|ENV]   (builds appPackage/build/appPackage.ENV.zip from env/.env.ENV)",
    options: { env: { type: "string" } },
    positionals: true,
  });
  const env = values.env ?? positionals[0] ?? "dev";
  const appPackageDir = defaultLayout("").appPackageDir;
  const { manifestVersion } = JSON.parse(readFileSync(path.join(appPackageDir, "manifest.json"), "utf8")) as { manifestVersion: string };
  const layout = defaultLayout(manifestVersion);
  const { zipPath } = buildAppPackage(env, loadEnvValues(layout.envDir, env, process.env), layout);
  console.log(`App package for '${env}': ${path.relative(process.cwd(), zipPath)}`);
  return 0;
}

if (require.main === module) {
  try {
    process.exitCode = main();
  } catch (error) {
    if (error instanceof CommandExit) process.exit(error.code);
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
