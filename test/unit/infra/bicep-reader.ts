/**
 * Just enough of a Bicep reader for static checks (no Bicep compiler can be installed here):
 * comments and string contents removed, top-level declarations, module bodies and object keys.
 */
import { readFileSync } from "node:fs";

/** One `param` declaration. */
export interface BicepParam {
  name: string;
  required: boolean;
}

/** One `module` declaration with the keys of its `params` object. */
export interface BicepModule {
  symbol: string;
  path: string;
  params: Map<string, string>;
}

/** What a .bicep file declares and uses. */
export interface BicepFile {
  /** The source with comments blanked and string literals emptied (interpolations kept). */
  code: string;
  params: BicepParam[];
  outputs: string[];
  modules: BicepModule[];
  /** Names declared by param/var/resource/module/output, loops and lambdas. */
  declared: Set<string>;
  /** Files loaded with loadTextContent / loadJsonContent (paths as written). */
  loadedFiles: string[];
}

/**
 * Blanks comments and the literal parts of strings, keeping `${…}` interpolations and every
 * character's position (so offsets found in the result apply to the original).
 */
export function stripCommentsAndStrings(source: string): { code: string; strings: { start: number; value: string }[] } {
  let code = "";
  const strings: { start: number; value: string }[] = [];
  let i = 0;
  const blank = (text: string) => text.replace(/[^\n]/g, " ");
  while (i < source.length) {
    if (source.startsWith("//", i)) {
      const end = source.indexOf("\n", i);
      const stop = end === -1 ? source.length : end;
      code += blank(source.slice(i, stop));
      i = stop;
    } else if (source.startsWith("/*", i)) {
      const stop = source.indexOf("*/", i) + 2;
      code += blank(source.slice(i, stop));
      i = stop;
    } else if (source.startsWith("'''", i)) {
      const stop = source.indexOf("'''", i + 3) + 3;
      strings.push({ start: i, value: source.slice(i + 3, stop - 3) });
      code += "''" + blank(source.slice(i + 2, stop - 1)) + "'";
      i = stop;
    } else if (source[i] === "'") {
      const start = i;
      let value = "";
      code += "'";
      i++;
      while (i < source.length && source[i] !== "'") {
        if (source[i] === "\\") {
          value += source.slice(i, i + 2);
          code += "  ";
          i += 2;
        } else if (source.startsWith("${", i)) {
          let depth = 1;
          let j = i + 2;
          while (depth > 0 && j < source.length) {
            if (source[j] === "{") depth++;
            else if (source[j] === "}") depth--;
            j++;
          }
          const inner = stripCommentsAndStrings(source.slice(i + 2, j - 1)).code;
          value += source.slice(i, j);
          code += "( " + inner + ")";
          i = j;
        } else {
          value += source[i];
          code += source[i] === "\n" ? "\n" : " ";
          i++;
        }
      }
      strings.push({ start, value });
      code += "'";
      i++;
    } else {
      code += source[i];
      i++;
    }
  }
  return { code, strings };
}

/** Index of the bracket closing the one at `open` (`{`/`[`/`(`) in stripped code. */
export function matchingClose(code: string, open: number): number {
  const pairs: Record<string, string> = { "{": "}", "[": "]", "(": ")" };
  const stack: string[] = [];
  for (let i = open; i < code.length; i++) {
    const ch = code[i];
    if (pairs[ch]) stack.push(pairs[ch]);
    else if (ch === stack[stack.length - 1]) {
      stack.pop();
      if (stack.length === 0) return i;
    }
  }
  throw new Error(`unbalanced bracket at ${open}`);
}

/** The top-level `key: value` entries of the object literal whose `{` is at `open`. */
export function objectEntries(code: string, open: number): Map<string, string> {
  const close = matchingClose(code, open);
  const entries = new Map<string, string>();
  let i = open + 1;
  while (i < close) {
    const match = /^[\s,]*([A-Za-z_][A-Za-z0-9_]*|'[^']*')\s*:/.exec(code.slice(i, close));
    if (!match) break;
    const valueStart = i + match[0].length;
    let j = valueStart;
    while (j < close && code[j] !== "\n" && code[j] !== ",") {
      if ("{[(".includes(code[j])) j = matchingClose(code, j);
      j++;
    }
    entries.set(match[1], code.slice(valueStart, j).trim());
    i = j;
  }
  return entries;
}

/** Reads and analyses one .bicep file. */
export function readBicep(file: string): BicepFile {
  const source = readFileSync(file, "utf8");
  const { code, strings } = stripCommentsAndStrings(source);
  const stringAt = (offset: number) => strings.find((s) => s.start === offset)?.value;
  const declared = new Set<string>();
  const params: BicepParam[] = [];
  const outputs: string[] = [];
  const modules: BicepModule[] = [];

  for (const match of code.matchAll(/^(param|var|resource|module|output|type|func)\s+([A-Za-z_][A-Za-z0-9_]*)/gm)) {
    const [, kind, name] = match as unknown as [string, string, string];
    declared.add(name);
    if (kind === "param") {
      const lineEnd = code.indexOf("\n", match.index);
      params.push({ name, required: !code.slice(match.index, lineEnd === -1 ? undefined : lineEnd).includes("=") });
    }
    if (kind === "output") outputs.push(name);
    if (kind === "module") {
      const pathOffset = code.indexOf("'", match.index);
      const body = code.indexOf("{", pathOffset);
      const entries = objectEntries(code, body);
      const paramsValue = entries.get("params");
      const paramsOpen = paramsValue === undefined ? -1 : code.indexOf("params", body);
      modules.push({
        symbol: name,
        path: stringAt(pathOffset) ?? "",
        params: paramsOpen === -1 ? new Map() : objectEntries(code, code.indexOf("{", paramsOpen)),
      });
    }
  }
  for (const match of code.matchAll(/\bfor\s+(?:\(\s*([A-Za-z_]\w*)\s*,\s*([A-Za-z_]\w*)\s*\)|([A-Za-z_]\w*))\s+in\b/g))
    for (const name of match.slice(1)) if (name) declared.add(name);
  for (const match of code.matchAll(/\b([A-Za-z_]\w*)\s*=>/g)) declared.add(match[1]);

  const loadedFiles = [...code.matchAll(/\b(?:loadTextContent|loadJsonContent|loadFileAsBase64)\(\s*'/g)].map(
    (match) => stringAt(match.index + match[0].length - 1) ?? "",
  );
  return { code, params, outputs, modules, declared, loadedFiles };
}

const BUILTINS = new Set([
  // keywords and literals
  "param",
  "var",
  "resource",
  "module",
  "output",
  "targetScope",
  "existing",
  "for",
  "in",
  "if",
  "true",
  "false",
  "null",
  "string",
  "int",
  "bool",
  "object",
  "array",
  "type",
  "func",
  "import",
  "metadata",
  "sys",
  "az",
  // functions used in this repository's templates (add more when templates use them)
  "resourceGroup",
  "subscription",
  "tenant",
  "deployment",
  "environment",
  "subscriptionResourceId",
  "resourceId",
  "tenantResourceId",
  "extensionResourceId",
  "reference",
  "guid",
  "uniqueString",
  "take",
  "skip",
  "replace",
  "union",
  "contains",
  "items",
  "length",
  "empty",
  "first",
  "last",
  "concat",
  "toLower",
  "toUpper",
  "split",
  "join",
  "format",
  "json",
  "loadTextContent",
  "loadJsonContent",
  "loadFileAsBase64",
  "trim",
  "substring",
  "indexOf",
  "startsWith",
  "endsWith",
  "min",
  "max",
  "range",
  "coalesce",
  "description",
  "secure",
  "minLength",
  "maxLength",
  "minValue",
  "maxValue",
  "allowed",
  "batchSize",
  "sealed",
  "export",
]);

/** Identifiers used as values that are neither declared in the file nor built in. */
export function undeclaredReferences(file: BicepFile): string[] {
  const unknown = new Set<string>();
  for (const match of file.code.matchAll(/(?<![.\w@#-])([A-Za-z_][A-Za-z0-9_]*)\b(?!\s*:(?!:))/g)) {
    const name = match[1];
    const before = file.code.slice(0, match.index);
    if (/^(param|var|resource|module|output|type|func)\s+$/m.test(before.slice(before.lastIndexOf("\n") + 1))) continue;
    if (/disable-next-line\s+[\w\s-]*$/.test(before.slice(before.lastIndexOf("\n") + 1))) continue;
    if (!file.declared.has(name) && !BUILTINS.has(name)) unknown.add(name);
  }
  return [...unknown];
}
