export const out = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
export const err = (line: string) => process.stderr.write(`${line}\n`);

export const USAGE = `Usage: npm run evaluate -- <command>
  metrics --input FILE.jsonl --metric tool-call-accuracy|agent-goal-accuracy|topic-adherence [--mode MODE] [--counting COVERAGE|REFUSAL] [--threshold 0.8] [--models a,b]
  judge --logs DIR [--criteria FILE]
  transcripts [--since ISO-8601]
  golden [--dir DIR] [--json]
  canary [--dir DIR]
  scope [--dir DIR]
  followups [--file FILE.json]
  grounding [--file FILE.json] [--import DIR]
  compare-modes [--dir DIR]
  tuning [--since ISO-8601 | --days N] [--dir DIR] [--json]
`;
