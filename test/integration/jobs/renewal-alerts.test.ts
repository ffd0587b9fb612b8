import assert from "node:assert/strict";
import type { AppConfig } from "../../../src/config";
import { renewalAlertId, type Clock, type RenewalAlert } from "../../../src/domain";
import { runRenewalAlerts, type RenewalAlertsContext } from "../../../src/jobs/renewal-alerts";
import { openCosmosStore, type CosmosStore } from "../../../src/storage";
import { EMBEDDED_COSMOS_KEY } from "../../../src/storage/embedded-server";
import { Messenger } from "../../../src/teams/messenger";
import { createTeamsAdapter } from "../../../src/teams/teams-adapter";
import type { EventProps } from "../../../src/telemetry/records";
import { createInMemoryProcurementData, generateSampleDataSet } from "../../../src/tools";
import { capturingTelemetry } from "../../fakes/captured-events";
import { cardOf, cardTexts, type RecordedActivity } from "../../fakes/fake-connector";
import { cardActionInvoke } from "../../fakes/teams-activity";
import { eventually, startBotHarness, type BotHarness } from "../teams/bot-harness";

const CHANNEL_ID = "19:procurement@thread.tacv2";
const TODAY = "2026-11-21";
const WINDOW_DAYS = 60;
const CLAIM_TIMEOUT_MS = 10 * 60_000;
const OWNER_EMAIL = "aiko.tanaka@contoso.com";

// The test's own calendar (whole UTC days), so the expected alerts share no code with the job.
const dayNumber = (iso: string) => Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10)) / 86_400_000;

/** The sample data set, with an owner (by e-mail) on its first contract. */
function sampleWithOwner() {
  const dataSet = generateSampleDataSet();
  dataSet.contracts = dataSet.contracts.map((contract) =>
    contract.id === "CTR-0001" ? { ...contract, ownerEmail: OWNER_EMAIL } : contract,
  );
  return dataSet;
}
const DATA_SET = sampleWithOwner();

/** The contracts that must be alerted on TODAY: auto-renewing, notice deadline within the window. */
const EXPECTED = DATA_SET.contracts
  .filter((contract) => contract.autoRenew)
  .map((contract) => ({ id: contract.id, daysLeft: dayNumber(contract.endDate) - contract.noticeDays - dayNumber(TODAY) }))
  .filter((row) => row.daysLeft >= 0 && row.daysLeft <= WINDOW_DAYS)
  .map((row) => row.id)
  .sort();

/** A clock the test moves. */
function testClock(iso = `${TODAY}T07:00:00.000Z`): Clock & { advance(ms: number): void } {
  let now = Date.parse(iso);
  return { now: () => new Date(now), advance: (ms) => (now += ms) };
}

describe("Renewal alerts: one card per contract and notice deadline", function () {
  this.timeout(120_000);
  let harness: BotHarness;
  let second: CosmosStore;
  const events: EventProps["RenewalAlert"][] = [];

  before(async () => {
    harness = await startBotHarness();
    // A second instance: its own client on the same database of the bot's embedded server.
    const env = { ...harness.config.env, COSMOS_ENDPOINT: harness.store.endpoint, COSMOS_KEY: EMBEDDED_COSMOS_KEY };
    second = await openCosmosStore({ ...harness.config, env }, { log: () => undefined });
  });
  after(async () => {
    await second?.close();
    await harness?.stop();
  });

  /** The job's settings: the procurement channel on the fake connector, in `language`. */
  function settings(language: "en" | "ja" = "en"): Pick<AppConfig, "env"> {
    return {
      env: {
        ...harness.config.env,
        RENEWAL_ALERT_DAYS: WINDOW_DAYS,
        RENEWALS_CHANNEL_ID: `${CHANNEL_ID}-${language}`,
        RENEWALS_SERVICE_URL: harness.serviceUrl,
        RENEWALS_LANGUAGE: language,
      },
    };
  }

  /** One instance's context: its store client, the sample data with an owner, a Teams adapter of its own. */
  function instance(store: CosmosStore, clock: Clock): RenewalAlertsContext {
    return {
      store: { renewalAlerts: store.renewalAlerts, settings: store.settings, toolData: createInMemoryProcurementData(DATA_SET) },
      messaging: new Messenger(createTeamsAdapter({ authenticated: false, appId: undefined }), undefined),
      telemetry: capturingTelemetry({ RenewalAlert: events }),
      clock,
      log: () => undefined,
    };
  }

  const threadsIn = (channel: string): RecordedActivity[] =>
    harness.connector.createdThreads.filter((thread) => thread.conversationId === channel);
  const contractOf = (thread: RecordedActivity) => /CTR-\d{4}/.exec(cardTexts(cardOf(thread)).join(" "))?.[0];

  async function stored(id: string): Promise<RenewalAlert> {
    const read = await harness.store.renewalAlerts.get(id);
    assert.ok(read, `alert ${id} is stored`);
    return read.value;
  }

  /** A click on an alert card's button, by `who`, in the card's thread. */
  function click(alert: RenewalAlert, verb: string, who = { id: "user-kenji", aadObjectId: "aad-kenji", name: "Kenji Sato" }) {
    assert.ok(alert.thread);
    return harness.post(
      cardActionInvoke({
        serviceUrl: harness.serviceUrl,
        threadConversationId: alert.thread.conversationId,
        channelId: CHANNEL_ID,
        replyToId: alert.thread.activityId,
        who,
        verb,
        data: { alertId: alert.id },
      }),
    );
  }

  it("posts one card per contract and deadline across two instances and two runs each", async () => {
    assert.ok(EXPECTED.length >= 3, "the sample data has renewals due within the window");
    const clock = testClock();
    const instances = [instance(harness.store, clock), instance(second, clock)];
    const firstRuns = await Promise.all(instances.map((context) => runRenewalAlerts(settings(), context)));
    const secondRuns = await Promise.all(instances.map((context) => runRenewalAlerts(settings(), context)));
    const threads = threadsIn(`${CHANNEL_ID}-en`);
    assert.deepEqual(threads.map(contractOf).sort(), EXPECTED);
    const total = (runs: typeof firstRuns, key: "posted" | "alreadyHeld") =>
      runs.reduce((n, run) => n + ("skipped" in run ? 0 : run[key]), 0);
    assert.equal(total(firstRuns, "posted"), EXPECTED.length);
    assert.equal(total(secondRuns, "posted"), 0);
    assert.equal(total(secondRuns, "alreadyHeld"), 2 * EXPECTED.length);
    assert.deepEqual(
      events
        .filter((event) => event.action === "sent")
        .map((event) => event.contractId)
        .sort(),
      EXPECTED,
    );

    const acme = threads.find((thread) => contractOf(thread) === "CTR-0001");
    assert.ok(acme);
    const texts = cardTexts(cardOf(acme));
    for (const shown of ["Renewal notice window closes in 11 days", "2026-12-02", "2027-01-31", "Acme Cloud Software", "$320,000", "5%"])
      assert.ok(
        texts.some((text) => text.includes(shown)),
        `the card shows ${shown}: ${texts.join(" | ")}`,
      );
    assert.ok(texts.includes(`Owner: <at>${OWNER_EMAIL}</at>`));
    assert.deepEqual(cardOf(acme).msteams.entities, [
      { type: "mention", text: `<at>${OWNER_EMAIL}</at>`, mentioned: { id: OWNER_EMAIL, name: OWNER_EMAIL } },
    ]);
    assert.deepEqual(
      cardOf(acme).actions.map((action: { title: string; verb: string }) => [action.title, action.verb]),
      [
        ["Ask Procura about this renewal", "renewal.ask"],
        ["Dismiss", "renewal.dismiss"],
      ],
    );
    assert.equal((await stored(renewalAlertId("CTR-0001", "2026-12-02"))).state, "posted");
  });

  it("posts a card whose poster stopped before posting once the claim is stale, and never one a live claim holds", async () => {
    const clock = testClock("2026-11-22T07:00:00.000Z");
    const dueOn22 = EXPECTED.filter((id) => id !== "CTR-0001").slice(0, 2);
    // Alerts of another deadline (the data moved on): a stopped instance's claim, and one being posted now.
    const claim = (contractId: string, claimedAt: string): RenewalAlert => {
      const due = {
        contractId,
        title: "",
        supplierId: "",
        supplierName: "",
        annualValue: 0,
        currency: "JPY",
        endDate: "2027-01-02",
        noticeDeadline: "2027-01-02",
        daysLeft: 41,
        priceCapPct: null,
      };
      return { id: renewalAlertId(contractId, "2027-01-02"), due, state: "pending", claimedAt, language: "en" };
    };
    const stale = claim(dueOn22[0], new Date(clock.now().getTime() - CLAIM_TIMEOUT_MS - 1).toISOString());
    const live = claim(dueOn22[1], clock.now().toISOString());
    assert.equal((await harness.store.renewalAlerts.create(stale)).kind, "written");
    assert.equal((await harness.store.renewalAlerts.create(live)).kind, "written");
    const data = createInMemoryProcurementData({
      ...DATA_SET,
      contracts: DATA_SET.contracts
        .filter((contract) => dueOn22.includes(contract.id))
        .map((contract) => ({ ...contract, autoRenew: true, endDate: "2027-01-02", noticeDays: 0 })),
    });
    const context = { ...instance(harness.store, clock), store: { ...instance(harness.store, clock).store, toolData: data } };
    const before = threadsIn(`${CHANNEL_ID}-en`).length;
    const result = await runRenewalAlerts(settings(), context);
    assert.deepEqual(result, { posted: 1, alreadyHeld: 1, failed: 0 });
    const posted = threadsIn(`${CHANNEL_ID}-en`).slice(before);
    assert.deepEqual(posted.map(contractOf), [dueOn22[0]]);
    assert.equal((await stored(stale.id)).state, "posted");
    assert.equal((await stored(live.id)).state, "pending");
  });

  it("keeps a card Teams refused as a claim and posts it on a later run, once", async () => {
    const clock = testClock("2026-11-23T07:00:00.000Z");
    const data = createInMemoryProcurementData({
      ...DATA_SET,
      contracts: DATA_SET.contracts.filter((c) => c.id === "CTR-0006").map((c) => ({ ...c, endDate: "2027-01-05", noticeDays: 0 })),
    });
    const context = { ...instance(harness.store, clock), store: { ...instance(harness.store, clock).store, toolData: data } };
    const before = threadsIn(`${CHANNEL_ID}-en`).length;
    harness.connector.failNext(1, (method, path) => method === "POST" && path.replace(/\/$/, "") === "/v3/conversations", 403);
    assert.deepEqual(await runRenewalAlerts(settings(), context), { posted: 0, alreadyHeld: 0, failed: 1 });
    assert.deepEqual(await runRenewalAlerts(settings(), context), { posted: 0, alreadyHeld: 1, failed: 0 });
    clock.advance(CLAIM_TIMEOUT_MS + 1);
    assert.deepEqual(await runRenewalAlerts(settings(), context), { posted: 1, alreadyHeld: 0, failed: 0 });
    assert.deepEqual(await runRenewalAlerts(settings(), context), { posted: 0, alreadyHeld: 1, failed: 0 });
    assert.deepEqual(threadsIn(`${CHANNEL_ID}-en`).slice(before).map(contractOf), ["CTR-0006"]);
  });

  it("records a dismissal, shows who dismissed it, and never posts that alert again", async () => {
    const alert = await stored(renewalAlertId(EXPECTED[1], dueDate(EXPECTED[1])));
    const response = await click(alert, "renewal.dismiss");
    assert.equal(response.status, 200);
    const card = response.body.value;
    assert.ok(cardTexts(card).some((text) => text.includes("Dismissed by Kenji Sato")));
    assert.equal(card.actions, undefined);
    const dismissed = await stored(alert.id);
    assert.equal(dismissed.state, "dismissed");
    assert.equal(dismissed.dismissed?.byAadObjectId, "aad-kenji");

    // Later runs, on every instance, long after any claim could be stale: nothing is posted again.
    const clock = testClock();
    clock.advance(CLAIM_TIMEOUT_MS * 10);
    const before = threadsIn(`${CHANNEL_ID}-en`).length;
    await Promise.all([instance(harness.store, clock), instance(second, clock)].map((context) => runRenewalAlerts(settings(), context)));
    assert.equal(threadsIn(`${CHANNEL_ID}-en`).length, before);
    const again = await click(alert, "renewal.ask");
    assert.ok(
      cardTexts(again.body.value).some((text) => text.includes("Dismissed by Kenji Sato")),
      "a dismissed alert asks nothing",
    );
  });

  it("asks the council in the card's thread, with the contract's terms and its spend, on Ask Procura", async () => {
    const alert = await stored(renewalAlertId("CTR-0001", "2026-12-02"));
    const response = await click(alert, "renewal.ask");
    assert.equal(response.status, 200);
    assert.ok(cardTexts(response.body.value).some((text) => text.includes("Kenji Sato asked Procura about this renewal")));
    const thread = alert.thread!.conversationId;
    const asked = await harness.connector.waitFor(
      (activity) =>
        activity.conversationId === thread && cardTexts(cardOf(activity) ?? {}).some((text) => text.includes("renews automatically")),
      30_000,
      "the question's progress card in the card's thread",
    );
    const [run] = await eventually(
      () => harness.store.runs.ofConversation(thread),
      (runs) => runs.length > 0,
    );
    assert.ok(run, "a run started in the card's thread");
    const { question } = run.state;
    for (const part of [
      "CTR-0001",
      "Acme Cloud Software",
      "2027-01-31",
      "2026-12-02",
      "$320,000",
      "5%",
      "renew, renegotiate or give notice",
      "spend",
    ])
      assert.ok(question.includes(part), `the question carries ${part}: ${question}`);
    // The run goes the ordinary way: renewing a contract of this size commits the company, so it waits for an approver.
    const outcome = await harness.connector.waitFor(
      (activity) =>
        activity.conversationId === thread &&
        activity.method === "POST" &&
        activity.activityId !== asked.activityId &&
        /under review|Answer/i.test(JSON.stringify(cardOf(activity) ?? {})),
      60_000,
      "the run's outcome in the card's thread",
    );
    assert.ok(outcome);
  });

  it("writes the cards and the council's question in Japanese when the team's language is Japanese", async () => {
    const clock = testClock();
    await runRenewalAlerts(settings("ja"), instance(harness.store, clock));
    // The ledger holds one alert per contract and deadline whatever the language: the Japanese run finds them all sent.
    assert.equal(threadsIn(`${CHANNEL_ID}-ja`).length, 0);
    const data = createInMemoryProcurementData({
      ...DATA_SET,
      contracts: DATA_SET.contracts.filter((c) => c.id === "CTR-0001").map((c) => ({ ...c, endDate: "2027-02-28" })),
    });
    const context = { ...instance(harness.store, clock), store: { ...instance(harness.store, clock).store, toolData: data } };
    await runRenewalAlerts(settings("ja"), context);
    const [thread] = threadsIn(`${CHANNEL_ID}-ja`);
    assert.ok(thread);
    const texts = cardTexts(cardOf(thread));
    for (const shown of [
      "更新拒絶の通知期限まであと",
      "2026-12-30",
      "$320,000",
      "担当者: <at>",
      "この更新について Procura に相談",
      "閉じる",
    ])
      assert.ok(
        texts.some((text) => text.includes(shown)),
        `the Japanese card shows ${shown}: ${texts.join(" | ")}`,
      );
    const alert = await stored(renewalAlertId("CTR-0001", "2026-12-30"));
    assert.equal(alert.language, "ja");
    await click(alert, "renewal.ask");
    const progress = await harness.connector.waitFor(
      (activity) =>
        activity.conversationId === alert.thread!.conversationId &&
        cardTexts(cardOf(activity) ?? {}).some((t) => t.includes("自動更新されます")),
      30_000,
      "the Japanese question in the thread",
    );
    assert.ok(cardTexts(cardOf(progress)).some((text) => text.includes("更新、再交渉、更新拒絶の通知のどれにすべきですか")));
  });
});

/** The notice deadline of a sample contract, from its raw terms. */
function dueDate(contractId: string): string {
  const contract = DATA_SET.contracts.find((candidate) => candidate.id === contractId)!;
  return new Date((dayNumber(contract.endDate) - contract.noticeDays) * 86_400_000).toISOString().slice(0, 10);
}
