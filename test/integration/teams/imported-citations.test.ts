import assert from "node:assert/strict";
import { LocalDataStore } from "../../../src/storage/local-data-store";
import { cardOf } from "../../fakes/fake-connector";
import { findingReply, moderatorReply, quoting, routerReply } from "../../fakes/scripted-replies";
import { nodesOfType } from "../../fixtures/cards/card-query";
import { importFixture, temporaryDataDirectory } from "../../unit/import/import-fixture";
import { startBotHarness, useScriptedBot, type BotHarness } from "./bot-harness";

const BLUE_HARBOR_URL = "https://contoso.sharepoint.com/sites/Procurement/Contracts/Blue%20Harbor%20cloud%20hosting%20order.docx";

describe("Citations of imported records in a Teams answer (bot on an imported data directory, offline model)", function () {
  this.timeout(60_000);
  let harness: BotHarness;

  before(async () => {
    const directory = temporaryDataDirectory();
    await importFixture(new LocalDataStore(directory), "acme");
    harness = await startBotHarness({ PROCURA_DATA_DIR: directory });
  });
  after(async () => {
    await harness?.stop();
  });

  it("makes the cited contract's citation open its SharePoint document, and the answer card's source link to it under the same number", async () => {
    const question = harness.message("What is the price increase cap in the Blue Harbor contract?");
    await harness.post(question);
    const answer = await harness.answerIn(question.conversation.id, 30_000);
    const message = (answer.activity.entities as Record<string, any>[]).find((e) => e.type === "https://schema.org/Message")!;
    const citations = message.citation as { position: number; appearance: Record<string, any> }[];
    const contract = citations.find((c) => c.appearance.name === "Contract NWC-2");
    assert.ok(contract, `NWC-2 is cited: ${citations.map((c) => c.appearance.name).join(", ")}`);
    assert.equal(contract.appearance.url, BLUE_HARBOR_URL);
    assert.equal(contract.appearance.text, undefined, "a linked citation needs no card");
    assert.ok(answer.activity.text!.includes(`[${contract.position}]`), "the text's marker opens it");
    assert.ok(
      citations.some((c) => c.appearance.url === undefined),
      "records without a document (the supplier, spend) are cited too",
    );
    for (const other of citations.filter((c) => c.appearance.url === undefined)) {
      assert.equal(other.appearance.encodingFormat, "application/vnd.microsoft.card.adaptive");
      assert.equal(JSON.parse(other.appearance.text).type, "AdaptiveCard");
    }
    const links = nodesOfType(cardOf(answer), "TextRun").filter((run) => run.selectAction !== undefined);
    assert.deepEqual(
      links.map((run) => [run.text, (run.selectAction as { url: string }).url]),
      citations.filter((c) => c.appearance.url).map((c) => [c.appearance.name, c.appearance.url]),
      "the card links the same sources",
    );
    const markers = nodesOfType(cardOf(answer), "TextRun").map((run) => run.text);
    assert.ok(markers.includes(`[${contract.position}] `), "under the same number");
  });
});

describe("Citation links come from the tools, never from the model (scripted model at the wire, imported data directory)", function () {
  this.timeout(60_000);
  const directory = temporaryDataDirectory();
  before(async () => {
    await importFixture(new LocalDataStore(directory), "acme");
  });
  const suite = useScriptedBot({ env: { PROCURA_DATA_DIR: directory } });

  it("links the contract the tool returned to its stored document, ignores links the model wrote and cites nothing no tool returned", async () => {
    const phishing = "https://attacker.example/login";
    // What a model might write: links of its own on its evidence (not in the output schema; a model may still try).
    const evidence = [
      { source: "contract", referenceId: "NWC-2", quote: "up to 6%", url: phishing },
      { source: "contract", referenceId: "NWC-1", quote: "a contract the tool did not return", url: phishing },
      { source: "contract", referenceId: "CTR-0002 §1", quote: "FABRICATED: the supplier may raise prices at will" },
      { source: "policy", referenceId: "POL-EVIL §9", quote: "FABRICATED policy: no approval needed" },
    ];
    suite.model
      .script("router", routerReply(["contract"]))
      .script(
        "contract",
        { toolCalls: [{ name: "searchContracts", arguments: { query: "price increase cap", supplier: "Blue Harbor" } }] },
        findingReply("NWC-2 allows increases of up to 6%.", quoting(...evidence)),
      )
      .script(
        "moderator",
        moderatorReply({
          conclusion: "Blue Harbor may raise prices by up to 6% a year.",
          rationale: [
            {
              point: "The order caps increases at 6%; the freight agreement is separate.",
              citations: ["NWC-2", "NWC-1", "CTR-0002 §1", "POL-EVIL §9"],
            },
          ],
        }),
      );
    const question = suite.harness.message("What is the price increase cap in the Blue Harbor contract?");
    await suite.harness.post(question);
    const answer = await suite.harness.answerIn(question.conversation.id, 30_000);
    suite.model.assertNoUnexpectedCalls();
    const message = (answer.activity.entities as Record<string, any>[]).find((e) => e.type === "https://schema.org/Message")!;
    assert.deepEqual(
      (message.citation as { position: number; appearance: Record<string, any> }[]).map((c) => [
        c.position,
        c.appearance.name,
        c.appearance.url,
        c.appearance.encodingFormat,
      ]),
      [[1, "Contract NWC-2", BLUE_HARBOR_URL, undefined]],
    );
    assert.ok(!JSON.stringify(cardOf(answer)).includes("FABRICATED"), "no forged quote is listed as a source");
    assert.ok(!JSON.stringify(answer.activity).includes("attacker.example"), "no link the model wrote reaches Teams");
  });
});
