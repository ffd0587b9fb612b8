/**
 * The one argument parser of every `npm run` command (node:util parseArgs, strict): `--help` or `-h` prints the command's usage and stops
 * with exit 0 before anything runs; an unknown option or a missing value is one line naming it, then the usage, exit 2. And the one way a
 * command runs and exits.
 */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { debugRequested } from "../config";
import { failureReport } from "../domain";

type Options = NonNullable<ParseArgsConfig["options"]>;

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

/** Or the exit code when the command must stop here. */
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

// parseArgs' message cut to the option or argument at fault.
function argumentProblem(error: Error): string {
  const unknown = /^Unknown option '([^']+)'/.exec(error.message);
  if (unknown) return `Unknown option ${unknown[1]}.`;
  const positional = /^Unexpected argument '([^']+)'/.exec(error.message);
  if (positional) return `Unexpected argument ${positional[1]}: this command takes none.`;
  return error.message.split(/(?<=\.) /)[0];
}

/** A failure is one line (PROCURA_DEBUG=1 adds the detail). */
export function runCommand(main: (argv: string[]) => Promise<number>, failed?: string): void {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`${failed ? `${failed}: ` : ""}${failureReport(error, debugRequested())}\n`);
      process.exit(1);
    },
  );
}
