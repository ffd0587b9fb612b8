/**
 * One person floods the bot: 200 questions at once (half of them 4,000-character Japanese), then a
 * second person asks one. With fair share, the intake takes only the flooder's first few (the rest
 * get a polite reply at once) and the worker works on no more than their share, so the second
 * person waits about one run. Run twice: with the limits as configured, and with them lifted (what
 * the bot did before), one bot process over the rig's store and queue, models from the simulator.
 */
import { randomUUID } from "node:crypto";
import type { LatencyModelServer } from "../../test/fakes/latency-model-server";
import { postActivity, userMessage } from "../activities";
import { BENCH_BOT_ENTRY } from "../bot-process";
import { finalReplies } from "../outcomes";
import { withKillRig } from "./kill-rig";

/** The flood. */
const FLOOD = 200;
const QUESTION = "How much did we spend on logistics in FY2025?";
/** 4,000 characters of Japanese: the longest question the intake takes. */
const LONG_JAPANESE = `昨年度の物流の支出はいくらですか？${"詳細を教えてください。".repeat(400)}`.slice(0, 4000);

/** What each person saw, under one setting of the limits. */
export interface FairShareOutcome {
  setting: string;
  /** The flooder's questions taken (queued), refused at once with a polite reply, and answered before the second person was. */
  floodTaken: number;
  floodRefused: number;
  floodAnsweredFirst: number;
  /** How long the second person waited for their answer, ms (undefined: no answer before the deadline). */
  secondWaitMs?: number;
}

/** How long the second person's answer may take at most. */
const DEADLINE_MS = 300_000;

/** Runs the flood with `env` added to the bot's settings. */
export async function flood(
  sim: LatencyModelServer,
  baseUrl: string,
  setting: string,
  env: Record<string, string>,
): Promise<FairShareOutcome> {
  sim.reset();
  return withKillRig(baseUrl, env, async ({ connector, serviceUrl, startBot }) => {
    const bot = await startBot({ entry: BENCH_BOT_ENTRY, timeoutMs: 180_000 });
    {
      const flooded = Array.from({ length: FLOOD }, (_, i) => ({
        conversationId: `personal-flood-${randomUUID()}`,
        text: i % 2 === 0 ? QUESTION : LONG_JAPANESE,
      }));
      await Promise.all(flooded.map((q) => postActivity(bot.url, userMessage(serviceUrl, q.conversationId, q.text, "user-flooder"))));
      const second = `personal-second-${randomUUID()}`;
      const askedAt = performance.now();
      await postActivity(bot.url, userMessage(serviceUrl, second, QUESTION, "user-second"));
      const answer = await connector
        .waitFor((a) => a.conversationId === second && finalReplies([a]).length > 0, DEADLINE_MS, "the second person's answer")
        .catch(() => undefined);
      const answered = flooded.filter((q) => finalReplies(connector.inConversation(q.conversationId)).length > 0).length;
      const refused = flooded.filter((q) =>
        connector.inConversation(q.conversationId).some((a) => /nothing was started|まだ受け付けていません/.test(a.activity.text ?? "")),
      ).length;
      return {
        setting,
        floodTaken: FLOOD - refused,
        floodRefused: refused,
        floodAnsweredFirst: answered,
        ...(answer ? { secondWaitMs: Math.round(answer.at - askedAt) } : {}),
      };
    }
  });
}

/** The flood with fair share as configured by default, then with it lifted. */
export async function fairShare(sim: LatencyModelServer, baseUrl: string): Promise<FairShareOutcome[]> {
  return [
    await flood(sim, baseUrl, "fair share (defaults)", {}),
    await flood(sim, baseUrl, "no fair share (limits lifted)", {
      USER_MAX_IN_FLIGHT: "1000",
      USER_MAX_PER_MINUTE: "10000",
      RUN_WORKER_USER_SHARE: "64",
    }),
  ];
}

/** The table `npm run chaos -- fair-share` prints. */
export function fairShareTable(outcomes: readonly FairShareOutcome[]): string {
  const rows = outcomes.map((o) => [
    o.setting,
    String(o.floodTaken),
    String(o.floodRefused),
    String(o.floodAnsweredFirst),
    o.secondWaitMs === undefined ? "no answer" : `${(o.secondWaitMs / 1000).toFixed(1)} s`,
  ]);
  const header = ["setting", "flooder's taken", "refused politely", "answered before the second", "second person's wait"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`;
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}
