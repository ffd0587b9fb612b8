import assert from "node:assert/strict";
import { MemoryStorage } from "botbuilder";
import { Messenger } from "../../../src/teams/messenger";
import { StreamPositions } from "../../../src/teams/run-progress";
import { createTeamsAdapter } from "../../../src/teams/teams-adapter";
import type { StreamPosition } from "../../../src/domain";
import { TeamsStream } from "../../../src/teams/teams-stream";
import { FakeConnector, streamInfoOf as streamInfo } from "../../fakes/fake-connector";

describe("TeamsStream: Teams' streaming protocol over proactive sends (fake connector)", () => {
  const connector = new FakeConnector();
  let messenger: Messenger;
  let reference: Record<string, unknown>;
  before(async () => {
    const serviceUrl = await connector.start();
    messenger = new Messenger(createTeamsAdapter({ authenticated: false, appId: undefined }), undefined);
    reference = {
      serviceUrl,
      channelId: "msteams",
      conversation: { id: "a:personal-1", conversationType: "personal" },
      bot: { id: "bot" },
      user: { id: "user" },
    };
  });
  after(() => connector.stop());
  beforeEach(() => connector.activities.splice(0));

  const limits = { minIntervalMs: 30, maxAgeMs: 60_000 };
  const start = () => TeamsStream.start((activity) => messenger.send(reference, activity), "Routing your question…", new Date());

  it("sends informative updates, then growing text, then one final message, all on the first activity's stream id with rising sequence numbers", async () => {
    const position = await start();
    assert.ok(position);
    const saved: StreamPosition[] = [];
    const stream = new TeamsStream(messenger, reference, position, {
      limits,
      now: () => new Date(),
      save: async (p) => void saved.push(p),
      log: () => {},
    });
    stream.informative("Checking contracts and spend…");
    await new Promise((resolve) => setTimeout(resolve, 60));
    stream.text("Not at");
    stream.text("Not at +8%: the cap");
    stream.informative("ignored: text has started");
    await new Promise((resolve) => setTimeout(resolve, 60));
    stream.text("Not at +8%: the cap is 5%.");
    await stream.end({
      text: "Not at +8%: the cap is 5%. [1]",
      attachments: [{ contentType: "application/vnd.microsoft.card.adaptive", content: { type: "AdaptiveCard" } }],
    });

    // Which updates go out depends on timing (latest-only, paced); the protocol's rules do not.
    const sent = connector.activities.filter((a) => a.method === "POST");
    const [first, ...rest] = sent;
    const final = rest.pop()!;
    assert.deepEqual(
      [first.activity.type, streamInfo(first)?.streamType, streamInfo(first)?.streamSequence, first.activity.text],
      ["typing", "informative", 1, "Routing your question…"],
    );
    assert.deepEqual(
      [final.activity.type, streamInfo(final)?.streamType, final.activity.text],
      ["message", "final", "Not at +8%: the cap is 5%. [1]"],
    );
    assert.equal(final.activity.attachments?.length, 1, "the final message carries the card");
    const kinds = rest.map((a) => streamInfo(a)?.streamType);
    assert.ok(kinds.includes("streaming"), "the text was streamed");
    assert.ok(kinds.lastIndexOf("informative") < kinds.indexOf("streaming"), "no informative update after the text started");
    const sequences = rest.map((a) => streamInfo(a)?.streamSequence);
    assert.deepEqual(
      sequences,
      sequences.map((_, i) => i + 2),
      "sequence numbers rise by one from 2",
    );
    for (const activity of rest.filter((a) => streamInfo(a)?.streamType === "streaming"))
      assert.ok("Not at +8%: the cap is 5%.".startsWith(activity.activity.text!), "streamed text only grows towards the answer");
    for (const activity of [...rest, final]) {
      assert.equal(streamInfo(activity)?.streamId, position.id);
      assert.equal((activity.activity.channelData as Record<string, unknown>).streamId, position.id);
    }
    assert.deepEqual(
      saved.filter((p) => !p.ended).map((p) => p.sequence),
      sequences,
      "the position is saved with each update",
    );
    assert.equal(saved.at(-1)?.ended, true, "and marked ended before the final message, so no takeover ends it again");
  });

  it("continues a stream another process started, from its saved position", async () => {
    const position = await start();
    assert.ok(position);
    const resumed = new TeamsStream(
      messenger,
      reference,
      { ...position, sequence: 7 },
      { limits, now: () => new Date(), save: async () => {}, log: () => {} },
    );
    resumed.text("Resumed answer");
    await new Promise((resolve) => setTimeout(resolve, 60));
    await resumed.end({ text: "Resumed answer, whole." });
    const sent = connector.activities.filter((a) => a.method === "POST").slice(1);
    assert.deepEqual(
      sent.map((a) => [streamInfo(a)?.streamId, streamInfo(a)?.streamSequence]),
      [
        [position.id, 8],
        [position.id, undefined],
      ],
    );
  });

  it("a taken-over run continues the same stream after the last sequence the previous owner took, and the next owner's final message closes it", async () => {
    const position = await start();
    assert.ok(position);
    const positions = new StreamPositions(new MemoryStorage());
    const runId = "run-takeover";
    const options = (save: (p: StreamPosition) => Promise<void>) => ({ limits, now: () => new Date(), save, log: () => {} });
    const first = new TeamsStream(
      messenger,
      reference,
      position,
      options((p) => positions.save(runId, p)),
    );
    first.informative("Checking contracts…");
    await new Promise((resolve) => setTimeout(resolve, 50));
    first.text("Not at +8%");
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The first owner stops (its lease is lost) without a final message; another process takes over.
    const saved = await positions.resumed(runId, position.id);
    assert.ok(saved, "the first owner's updates were saved");
    const resumed = new TeamsStream(
      messenger,
      reference,
      saved,
      options((p) => positions.save(runId, p)),
    );
    resumed.informative("not allowed any more: the text has started");
    resumed.text("Not at +8%: the cap is 5%.");
    await new Promise((resolve) => setTimeout(resolve, 50));
    await resumed.end({ text: "Not at +8%: the cap is 5%." });

    const sent = connector.activities.filter((a) => a.method === "POST");
    assert.ok(
      sent.every((a) => streamInfo(a)?.streamId === undefined || streamInfo(a)?.streamId === position.id),
      "one stream",
    );
    const sequences = sent.map((a) => streamInfo(a)?.streamSequence).filter((n): n is number => n !== undefined);
    assert.deepEqual(sequences, [1, 2, 3, 4], "sequences keep rising across owners");
    assert.deepEqual(
      sent.map((a) => streamInfo(a)?.streamType),
      ["informative", "informative", "streaming", "streaming", "final"],
    );
    assert.equal(sent.filter((a) => a.activity.type === "message").length, 1, "exactly one final message");
  });

  it("skips an update whose position could not be saved: a process taking the run over could send its number again", async () => {
    const position = await start();
    assert.ok(position);
    const logged: string[] = [];
    let storeDown = true;
    const stream = new TeamsStream(messenger, reference, position, {
      limits,
      now: () => new Date(),
      save: async () => {
        if (storeDown) throw new Error("store unreachable");
      },
      log: (line) => logged.push(line),
    });
    stream.informative("Checking contracts…");
    await new Promise((resolve) => setTimeout(resolve, 50));
    storeDown = false;
    stream.informative("Putting the answer together…");
    await new Promise((resolve) => setTimeout(resolve, 50));
    await stream.end({ text: "Not at +8%." });
    const sent = connector.activities.filter((a) => a.method === "POST").slice(1);
    assert.deepEqual(
      sent.map((a) => [a.activity.text, streamInfo(a)?.streamSequence]),
      [
        ["Putting the answer together…", 3],
        ["Not at +8%.", undefined],
      ],
      "the unsaved update is not sent, and its number is never used",
    );
    assert.match(logged.join("\n"), /update 2 skipped/);
  });

  it("a takeover without a saved position sends no updates (their numbers are unknown) and closes the stream with the final message", async () => {
    const position = await start();
    assert.ok(position);
    const positions = new StreamPositions(new MemoryStorage());
    const resumed = await positions.resumed("run-lost-position", position.id);
    assert.equal(resumed, undefined);
    const stream = new TeamsStream(messenger, reference, position, {
      limits,
      now: () => new Date(),
      save: (p) => positions.save("run-lost-position", p),
      log: () => {},
      lastSequenceKnown: false,
    });
    stream.informative("Putting the answer together…");
    stream.text("Not at");
    await new Promise((resolve) => setTimeout(resolve, 50));
    await stream.end({ text: "Not at +8%." });
    const sent = connector.activities.filter((a) => a.method === "POST").slice(1);
    assert.deepEqual(
      sent.map((a) => [a.activity.type, streamInfo(a)?.streamType, streamInfo(a)?.streamId, a.activity.text]),
      [["message", "final", position.id, "Not at +8%."]],
    );
    assert.equal((await positions.get("run-lost-position"))?.ended, true, "marked ended, so a later owner does not end it again");
  });

  it("stops updating a stream Teams has closed by age", async () => {
    const position = await start();
    assert.ok(position);
    const later = new Date(Date.parse(position.startedAt) + 60_000);
    const stream = new TeamsStream(messenger, reference, position, { limits, now: () => later, save: async () => {}, log: () => {} });
    assert.equal(stream.expired, true);
    stream.informative("too late");
    stream.text("too late");
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(connector.activities.filter((a) => a.method === "POST").length, 1, "only the first update was ever sent");
  });
});

describe("entities reach Teams whole", () => {
  it("keeps every field of streaminfo and AI message entities on the wire (the connector's serializer would drop them)", async () => {
    const connector = new FakeConnector();
    const serviceUrl = await connector.start();
    try {
      const messenger = new Messenger(createTeamsAdapter({ authenticated: false, appId: undefined }), undefined);
      const ai = {
        type: "https://schema.org/Message",
        "@type": "Message",
        additionalType: ["AIGeneratedContent"],
        citation: [{ "@type": "Claim", position: 1, appearance: { name: "Contract CTR-1", abstract: "5% cap" } }],
      };
      await messenger.send(
        {
          serviceUrl,
          channelId: "msteams",
          conversation: { id: "a:1", isGroup: false, conversationType: "personal", name: "", tenantId: "t" },
          bot: { id: "bot", name: "" },
          user: { id: "u", name: "" },
        },
        { type: "message", text: "answer [1]", entities: [{ type: "streaminfo", streamType: "final", streamId: "s-1" }, ai] },
      );
      assert.deepEqual(connector.activities[0].activity.entities, [{ type: "streaminfo", streamType: "final", streamId: "s-1" }, ai]);
    } finally {
      await connector.stop();
    }
  });
});
