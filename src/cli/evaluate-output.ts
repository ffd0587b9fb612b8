/** How `npm run evaluate` commands print: JSON lines on stdout, human lines on stderr. */
export const out = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
export const err = (line: string) => process.stderr.write(`${line}\n`);
