import assert from "node:assert/strict";
import { MemoryStorage, type Storage } from "botbuilder";
import { labelsFor } from "../../../src/domain";
import { AnswerActivities, MESSAGE_SIZE_LIMIT_BYTES } from "../../../src/teams/answer-activity";
import { isPersonalChat } from "../../../src/teams/conversation-key";
import { cardTexts } from "../../fakes/fake-connector";
import { TeamsAiEntitySchema } from "../../fakes/teams-ai-entity-schema";
import { completedRun, NAMES } from "../../fixtures/cards/sample-runs";
import type { Log } from "../../../src/domain";

const en = labelsFor("en");

function answers(options: { label?: string; storage?: Storage; log?: Log } = {}): AnswerActivities {
  return new AnswerActivities(
    { env: { CONTRACT_SENSITIVITY_LABEL: options.label }, workflow: { qscoreThreshold: 70 } },
    { names: NAMES, botState: options.storage ?? new MemoryStorage(), log: options.log ?? (() => undefined) },
  );
}

const entityOf = (activity: { entities?: unknown[] }) => TeamsAiEntitySchema.parse(activity.entities?.[0]);
const cardOf = (activity: { attachments?: { content?: unknown }[] }) => activity.attachments?.[0]?.content;

describe("teams/answer-activity", () => {
  it("a personal chat's answer is Teams' own message: text with markers, the card below without it, the entity, the feedback loop", () => {
    const activity = answers({ label: "Confidential" }).build(completedRun(), true);
    const text = activity.text ?? "";
    assert.ok(text.startsWith("No: the contract caps yearly increases at 5%"), text);
    assert.ok(text.includes("[1]"), text);
    const entity = entityOf(activity);
    assert.deepEqual(entity.additionalType, ["AIGeneratedContent"]);
    assert.equal(entity.usageInfo?.name, "Confidential", "a cited contract brings the label");
    assert.equal(entity.citation?.[0]?.appearance.name, "Contract CTR-0012");
    assert.deepEqual(activity.channelData, { feedbackLoopEnabled: true });
    const card = cardOf(activity);
    assert.ok(!cardTexts(card).includes(en.conclusion), "the card leaves the text out");
    assert.ok(!JSON.stringify(card).includes('"verb":"feedback"'), "no feedback buttons");
  });

  it("elsewhere the plain answer card with its own feedback buttons", () => {
    const activity = answers({ label: "Confidential" }).build(completedRun(), false);
    assert.deepEqual(Object.keys(activity).sort(), ["attachments", "type"]);
    assert.ok(cardTexts(cardOf(activity)).includes(en.conclusion));
    assert.ok(JSON.stringify(cardOf(activity)).includes('"verb":"feedback"'));
  });

  it("an approver's edited answer: the edited text alone, no citations, the edited line on the card; offline answers carry no AI label", () => {
    const run = completedRun({ offline: true, approval: { reasons: ["amount above the threshold"], id: "a-1", decision: "edited" } });
    const edited = { ...run, answer: { ...run.answer!, conclusion: "Only at +5%.", rationale: [] } };
    const activity = answers({ label: "Confidential" }).build(edited, true);
    assert.equal(activity.text, "Only at +5%.");
    const entity = entityOf(activity);
    assert.deepEqual(entity.citation, []);
    assert.equal(entity.additionalType, undefined);
    assert.equal(entity.usageInfo, undefined, "nothing cited, no label");
    assert.ok(cardTexts(cardOf(activity)).some((t) => t.includes(en.reviewedEdited)));
  });

  it("a message too large for Teams is cut to fit (text, card and citations together), keeping the conclusion's start and the markers", () => {
    const long = (seed: string, n: number) => Array.from({ length: n }, (_, i) => `${seed}${i}`).join("、");
    const run = completedRun({ language: "ja" });
    const evidence = Array.from({ length: 10 }, (_, i) => ({
      source: "policy",
      referenceId: `POL-${i} §1`,
      quote: long("規程の引用", 80),
    }));
    const huge = {
      ...run,
      findings: run.findings.map((finding) => ({ ...finding, details: long("詳細", 300), evidence })),
      answer: {
        ...run.answer!,
        conclusion: `結論：${long("更新条件", 400)}`,
        rationale: evidence.map((item) => ({ point: long("根拠の説明", 60), citations: [item.referenceId] })),
      },
    };
    const activity = answers().build(huge, true);
    const bytes = Buffer.byteLength(JSON.stringify(activity));
    assert.ok(bytes <= MESSAGE_SIZE_LIMIT_BYTES, `${bytes} bytes`);
    assert.ok(activity.text?.startsWith("結論：更新条件0"), activity.text?.slice(0, 40));
    assert.ok(activity.text?.includes("[1]"), "the points kept keep their markers");
    assert.equal(entityOf(activity).citation?.length, 10);
    const small = answers().build(completedRun(), true);
    assert.ok(
      entityOf(small).citation?.every((c) => c.appearance.encodingFormat === "application/vnd.microsoft.card.adaptive"),
      "a message of ordinary size keeps its quote cards",
    );
  });

  it("no sensitivity label unless one is configured", () => {
    assert.equal(entityOf(answers().build(completedRun(), true)).usageInfo, undefined);
  });

  it("remembers which run a sent answer message belongs to; a storage failure is logged, not thrown", async () => {
    const storage = new MemoryStorage();
    await answers({ storage }).remember("chat-1", "activity-1", "run-1");
    assert.equal(await answers({ storage }).runOf("chat-1", "activity-1"), "run-1");
    const logged: string[] = [];
    const broken = Object.assign(new MemoryStorage(), { write: () => Promise.reject(new Error("storage down")) });
    await answers({ storage: broken, log: (line) => logged.push(line) }).remember("chat-1", "activity-2", "run-2");
    assert.match(logged.join("\n"), /run run-2: answer message not remembered for feedback: .*storage down/);
  });

  it("a personal chat is told by the stored reference's conversation type", () => {
    assert.equal(isPersonalChat({ conversation: { conversationType: "personal" } }), true);
    assert.equal(isPersonalChat({ conversation: { conversationType: "groupChat" } }), false);
    assert.equal(isPersonalChat({}), false);
  });
});
