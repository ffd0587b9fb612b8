// Every `npm run` command's arguments: `--help` prints the usage (exit 0) before anything runs; a bad option: one line, the usage, exit 2.
import { parseArgs, type ParseArgsConfig } from "node:util";
import { debugRequested } from "../config";
import { failureReport } from "../domain";

type Options = NonNullable<ParseArgsConfig["options"]>;

export interface CommandSpec<T extends Options> {
  usage: string;
  options: T;
  positionals?: boolean;
}

export interface ArgsIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

const STDIO: ArgsIo = { out: (text) => process.stdout.write(text), err: (text) => process.stderr.write(text) };

type Parsed<T extends Options> = ReturnType<
  typeof parseArgs<{ args: string[]; options: T; allowPositionals: boolean; tokens: true; strict: true }>
>;

/** Thrown once the usage or a refusal is printed: the command ends with this exit code, having run nothing. */
export class CommandExit extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}

/** The exit code of a command, `CommandExit`'s included. */
export async function exitCodeOf(run: () => Promise<number>): Promise<number> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof CommandExit) return error.code;
    throw error;
  }
}

/** The parsed arguments; after `--help` or a bad option a `CommandExit`. */
export function parseCommand<T extends Options>(args: string[], spec: CommandSpec<T>, io: ArgsIo = STDIO): Parsed<T> {
  const beforeTerminator = args.includes("--") ? args.slice(0, args.indexOf("--")) : args;
  if (beforeTerminator.some((arg) => arg === "--help" || arg === "-h")) {
    io.out(`${spec.usage.trimEnd()}\n`);
    throw new CommandExit(0);
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
    throw new CommandExit(refuse(argumentProblem(error as Error), spec.usage, io));
  }
}

/** What parseArgs cannot judge: one line naming it, then the usage; exit 2. */
export function refuse(problem: string, usage: string, io: ArgsIo = STDIO): number {
  io.err(`${problem}\n${usage.trimEnd()}\n`);
  return 2;
}

/** `<command> [args]`; with no known command, the usage (`--help`) or a refusal. */
export async function subcommand(argv: string[], usage: string, commands: Record<string, (args: string[]) => Promise<number>>) {
  const [command, ...args] = argv;
  if (command !== undefined && Object.hasOwn(commands, command)) return commands[command](args);
  parseCommand(argv, { usage, options: {}, positionals: true });
  return refuse(command ? `unknown command: ${command}` : "no command given", usage);
}

function argumentProblem(error: Error): string {
  const unknown = /^Unknown option '([^']+)'/.exec(error.message);
  if (unknown) return `Unknown option ${unknown[1]}.`;
  const positional = /^Unexpected argument '([^']+)'/.exec(error.message);
  if (positional) return `Unexpected argument ${positional[1]}: this command takes none.`;
  return error.message.split(/(?<=\.) /)[0];
}

/** A failure is one line (PROCURA_DEBUG=1 adds the detail). */
export function runCommand(main: (argv: string[]) => Promise<number>, failed?: string): void {
  exitCodeOf(() => main(process.argv.slice(2))).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`${failed ? `${failed}: ` : ""}${failureReport(error, debugRequested())}\n`);
      process.exit(1);
    },
  );
}
