/**
 * The one argument parser of every `npm run` command (node:util parseArgs, strict): `--help` or `-h`
 * prints the command's usage and stops with exit 0 before anything runs; an unknown option or a
 * missing value is one line naming it, then the usage, exit 2.
 */
import { parseArgs, type ParseArgsConfig } from "node:util";

type Options = NonNullable<ParseArgsConfig["options"]>;

/** What a command accepts: its usage text, its options, and whether it takes positional arguments. */
export interface CommandSpec<T extends Options> {
  usage: string;
  options: T;
  positionals?: boolean;
}

/** Where the parser prints: the usage after `--help` to `out`, a refusal to `err`. */
export interface ArgsIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

const STDIO: ArgsIo = { out: (text) => process.stdout.write(text), err: (text) => process.stderr.write(text) };

type Parsed<T extends Options> = ReturnType<
  typeof parseArgs<{ args: string[]; options: T; allowPositionals: boolean; tokens: true; strict: true }>
>;

/** The parsed arguments (with their tokens, in order), or the exit code when the command must stop here. */
export function parseCommand<T extends Options>(args: string[], spec: CommandSpec<T>, io: ArgsIo = STDIO): Parsed<T> | number {
  const beforeTerminator = args.includes("--") ? args.slice(0, args.indexOf("--")) : args;
  if (beforeTerminator.some((arg) => arg === "--help" || arg === "-h")) {
    io.out(`${spec.usage.trimEnd()}\n`);
    return 0;
  }
  try {
    return parseArgs({
      args,
      options: spec.options,
      allowPositionals: spec.positionals ?? false,
      tokens: true as const,
      strict: true as const,
    });
  } catch (error) {
    io.err(`${argumentProblem(error as Error)}\n${spec.usage.trimEnd()}\n`);
    return 2;
  }
}

/** parseArgs' message cut to what the user needs: the option or argument at fault. */
function argumentProblem(error: Error): string {
  const unknown = /^Unknown option '([^']+)'/.exec(error.message);
  if (unknown) return `Unknown option ${unknown[1]}.`;
  const positional = /^Unexpected argument '([^']+)'/.exec(error.message);
  if (positional) return `Unexpected argument ${positional[1]}: this command takes none.`;
  return error.message.split(/(?<=\.) /)[0];
}
