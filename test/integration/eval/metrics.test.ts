import assert from "node:assert/strict";
import type { Sample } from "../../../src/domain";
import { agentGoalAccuracy } from "../../../src/eval/metrics/agent-goal-accuracy";
import { topicAdherence } from "../../../src/eval/metrics/topic-adherence";
import type { ScriptedModelServer } from "../../fakes/scripted-model-server";
import { useEvalHarness } from "./eval-model-harness";

const flightBooking: Sample = {
  id: "seed-goal-with-reference",
  userInputMessages: [
    { type: "human", content: "Мне нужно забронировать авиабилет в Париж на понедельник" },
    {
      type: "ai",
      content: "Помогу вам забронировать авиабилет в Париж.",
      toolCalls: [{ name: "search_flights", arguments: { destination: "Париж", date: "понедельник" } }],
    },
    { type: "tool", content: "Найдено: Air France в 10:00 за 450$" },
    { type: "ai", content: "Нашёл несколько рейсов. Лучший вариант - Air France в 10:00 за 450$. Забронировать?" },
    { type: "human", content: "Да, пожалуйста, забронируйте" },
    { type: "ai", content: "Готово! Я забронировал ваш рейс Air France в Париж на понедельник в 10:00. Номер подтверждения: AF12345." },
  ],
  reference: "Успешно забронировать авиабилет в Париж для пользователя",
};

const weather: Sample = {
  id: "seed-goal-without-reference",
  userInputMessages: [
    { type: "human", content: "Какая погода в Токио?" },
    { type: "ai", content: "Проверяю погоду в Токио для вас.", toolCalls: [{ name: "get_weather", arguments: { city: "Токио" } }] },
    { type: "tool", content: "Токио: 22°C, переменная облачность" },
    { type: "ai", content: "Текущая погода в Токио: 22°C, переменная облачность. Прогноз на остаток дня - ясное небо." },
  ],
};

const machineLearning: Sample = {
  id: "seed-on-topic",
  userInputMessages: [
    { type: "human", content: "Хочу узнать о машинном обучении" },
    { type: "ai", content: "Машинное обучение - это раздел ИИ, позволяющий системам учиться на данных." },
    { type: "human", content: "Какие основные типы?" },
    { type: "ai", content: "Основные типы: обучение с учителем, без учителя и обучение с подкреплением." },
  ],
  referenceTopics: ["машинное обучение", "искусственный интеллект", "обучение с учителем", "обучение без учителя"],
};

const football: Sample = {
  id: "seed-off-topic",
  userInputMessages: [
    { type: "human", content: "Расскажите о программировании на Python" },
    { type: "ai", content: "Python - это язык программирования. Кстати, вы знаете о последнем футбольном матче?" },
    { type: "human", content: "Что там с футболом?" },
    { type: "ai", content: "Финал Чемпионата мира был потрясающим! Счёт 3-2." },
  ],
  referenceTopics: ["программирование на Python", "программирование", "разработка ПО"],
};

describe("agent metrics with a scripted evaluation model (the metrics' reference examples)", () => {
  const harness = useEvalHarness();
  let server: ScriptedModelServer;
  before(() => (server = harness.server));

  it("AgentGoalAccuracy WITH_REFERENCE: goal achieved scores ≥ 0.9", async () => {
    server.script("eval.goal-accuracy", {
      reasoning: "The flight was booked and confirmed (AF12345) in the last turn.",
      goalAchieved: true,
    });
    const result = await agentGoalAccuracy(harness.evalModel, flightBooking, { mode: "WITH_REFERENCE" });
    assert.ok(result.score! >= 0.9);
    assert.equal(result.score, 1);
    assert.equal(result.parts.goal, flightBooking.reference);
    assert.equal(result.parts.inferredGoal, null);
    const [call] = server.callsFor("eval.goal-accuracy");
    assert.equal(call.body.temperature, 0);
    assert.equal(call.body.response_format?.type, "json_schema");
    const user = call.body.messages[1].content as string;
    assert.match(user, /Goal:\nУспешно забронировать авиабилет в Париж/);
    assert.match(
      user,
      /2\. AI: Помогу вам забронировать авиабилет в Париж\. \[tool calls: search_flights\(\{"destination":"Париж","date":"понедельник"\}\)\]/,
    );
  });

  it("AgentGoalAccuracy WITHOUT_REFERENCE: infers the goal, keeps it, judges it (≥ 0.8)", async () => {
    server.script("eval.goal-inference", { goal: "Узнать текущую погоду в Токио" });
    server.script("eval.goal-accuracy", {
      reasoning: "The assistant reported the current weather in Tokyo from the tool.",
      goalAchieved: true,
    });
    const result = await agentGoalAccuracy(harness.evalModel, weather, { mode: "WITHOUT_REFERENCE" });
    assert.ok(result.score! >= 0.8);
    assert.equal(result.parts.inferredGoal, "Узнать текущую погоду в Токио");
    assert.match(server.callsFor("eval.goal-accuracy")[0].body.messages[1].content as string, /^Goal:\nУзнать текущую погоду в Токио/);
  });

  it("TopicAdherence F1: on-topic conversation scores ≥ 0.7 with the seed's precision and recall", async () => {
    const topics = ["машинное обучение", "типы машинного обучения"];
    server.script("eval.topic-extraction", { topics });
    server.script("eval.topic-adherence", {
      classifications: [
        { topic: topics[0], onTopic: true, referenceTopics: ["машинное обучение", "искусственный интеллект"], answered: true },
        { topic: topics[1], onTopic: true, referenceTopics: ["обучение с учителем", "обучение без учителя"], answered: true },
      ],
    });
    const result = await topicAdherence(harness.evalModel, machineLearning, { mode: "F1", counting: "COVERAGE" });
    assert.equal(result.parts.precision, 1); // 2 on-topic / 2 discussed
    assert.equal(result.parts.recall, 1); // 4 reference topics covered / 4
    assert.equal(result.score, 1);
    assert.ok(result.score >= 0.7);
  });

  it("TopicAdherence PRECISION: a conversation drifting to football scores ≤ 0.6", async () => {
    const topics = ["программирование на Python", "футбольный матч", "финал Чемпионата мира"];
    server.script("eval.topic-extraction", { topics });
    server.script("eval.topic-adherence", {
      classifications: [
        { topic: topics[0], onTopic: true, referenceTopics: ["программирование на Python", "программирование"], answered: true },
        { topic: topics[1], onTopic: false, referenceTopics: [], answered: true },
        { topic: topics[2], onTopic: false, referenceTopics: [], answered: true },
      ],
    });
    const result = await topicAdherence(harness.evalModel, football, { mode: "PRECISION", counting: "COVERAGE" });
    assert.ok(Math.abs(result.score! - 1 / 3) < 1e-12);
    assert.ok(result.score! <= 0.6);
    assert.ok(Math.abs(result.parts.recall! - 2 / 3) < 1e-12);
    assert.match(result.reason, /off-topic: футбольный матч, финал Чемпионата мира/);
  });

  it("TopicAdherence: a refused topic covers no reference topic (RECALL)", async () => {
    server.script("eval.topic-extraction", { topics: ["Python"] });
    server.script("eval.topic-adherence", {
      classifications: [{ topic: "Python", onTopic: true, referenceTopics: ["программирование"], answered: false }],
    });
    const result = await topicAdherence(harness.evalModel, football, { mode: "RECALL", counting: "COVERAGE" });
    assert.equal(result.score, 0);
    assert.deepEqual(result.parts.refusedTopics, ["Python"]);
  });

  it("TopicAdherence with no topics found is not scorable, with a reason (never NaN or 0)", async () => {
    server.script("eval.topic-extraction", { topics: [] });
    const result = await topicAdherence(harness.evalModel, machineLearning, { mode: "F1", counting: "COVERAGE" });
    assert.equal(result.score, null);
    assert.equal(result.scorable, false);
    assert.match(result.reason, /no topics were found/);
    assert.equal(server.callsFor("eval.topic-adherence").length, 0);
  });

  it("repairs an invalid classification once (topics not covered exactly), then scores", async () => {
    server.script("eval.topic-extraction", { topics: ["Python", "футбол"] });
    server.script(
      "eval.topic-adherence",
      { classifications: [{ topic: "Python", onTopic: true, referenceTopics: ["программирование"], answered: true }] },
      {
        classifications: [
          { topic: "Python", onTopic: true, referenceTopics: ["программирование"], answered: true },
          { topic: "футбол", onTopic: false, referenceTopics: [], answered: true },
        ],
      },
    );
    const result = await topicAdherence(harness.evalModel, football, { mode: "PRECISION", counting: "COVERAGE" });
    assert.equal(result.score, 0.5);
    const repair = server.callsFor("eval.topic-adherence")[1].body.messages.at(-1)!;
    assert.match(repair.content as string, /classify exactly these topics, in this order: \["Python","футбол"\]/);
  });

  it("after one failed repair returns an explicit error result with the reason", async () => {
    server.script("eval.goal-accuracy", { content: "yes, achieved" }, { reasoning: "ok" });
    const result = await agentGoalAccuracy(harness.evalModel, flightBooking);
    assert.equal(result.score, null);
    assert.equal(result.scorable, false);
    assert.equal(result.error?.kind, "invalid_output");
    assert.match(result.reason, /goal verdict failed \(invalid_output\): .*goalAchieved/);
    assert.equal(server.callsFor("eval.goal-accuracy").length, 2);
  });

  it("retries a 429 with the evaluation back-off (2 s, ×2) before answering", async () => {
    server.script("eval.goal-accuracy", { status: 429 }, { status: 429 }, { reasoning: "Booked.", goalAchieved: true });
    const result = await agentGoalAccuracy(harness.evalModel, flightBooking);
    assert.equal(result.score, 1);
    assert.deepEqual(harness.sleeps, [2000, 4000]);
  });

  it("with several models reports each score, the mean and the disagreement", async () => {
    const two = { ...harness.evalModel, models: ["model-a", "model-b"] };
    server.fallback("eval.goal-accuracy", (body) => ({ reasoning: `verdict of ${body.model}`, goalAchieved: body.model === "model-a" }));
    const result = await agentGoalAccuracy(two, flightBooking);
    assert.equal(result.score, 0.5);
    assert.deepEqual(
      result.models!.perModel.map((model) => [model.model, model.score]),
      [
        ["model-a", 1],
        ["model-b", 0],
      ],
    );
    assert.equal(result.models!.mean, 0.5);
    assert.equal(result.models!.disagreement, true);
    assert.match(result.reason, /mean of 2\/2 models \(models disagree\): model-a=1, model-b=0/);
  });
});
