import assert from "node:assert/strict";
import { approvalsChannel, approverPlaygroundConfig, localApprovers, readPlaygroundConfig } from "../../../src/cli/dev-playgrounds";
import { createServer } from "node:net";
import { assertBotPortFree, devBanner, devConfig } from "../../../src/cli/dev";
import type { DevPlaygrounds } from "../../../src/cli/dev-playgrounds";

describe("cli/dev-playgrounds: the local tenant of `npm run dev`", () => {
  const employee = readPlaygroundConfig();

  it("the approver's Playground: same tenant, team and channel; Kenji as current user, Aiko among exactly five users; chats of its own", () => {
    const { config, approver } = approverPlaygroundConfig(employee);
    assert.equal(approver.name, "Kenji Sato");
    assert.equal(config.currentUser.id, "user-approver-1");
    assert.equal(config.users.length, 5);
    assert.ok(
      config.users.some((user) => user.id === employee.currentUser.id),
      "the employee is one of the users",
    );
    assert.ok(!config.users.some((user) => user.id === approver.id), "the approver is not listed twice");
    assert.deepEqual(
      [config.tenantId, config.team, (config as { bot?: unknown }).bot],
      [employee.tenantId, employee.team, (employee as { bot?: unknown }).bot],
    );
    assert.notEqual(config.personalChat.id, employee.personalChat.id);
    assert.notEqual(config.groupChat.id, employee.groupChat.id);
    assert.equal(approvalsChannel(config).name, "Approvals");
  });

  it("lists Kenji and Maria as APPROVER_AAD_IDS unless the environment names approvers", () => {
    const approvers = localApprovers(employee).map((user) => user.aadObjectId);
    assert.deepEqual(approvers, ["00000000-0000-0000-0000-0000000000c1", "00000000-0000-0000-0000-0000000000c2"]);
    assert.deepEqual(devConfig({}).env.APPROVER_AAD_IDS, approvers);
    assert.deepEqual(devConfig({ APPROVER_AAD_IDS: "aad-x" }).env.APPROVER_AAD_IDS, ["aad-x"]);
    assert.ok(!approvers.includes(employee.currentUser.aadObjectId), "the employee is not an approver");
  });

  it("lets Kenji and Maria choose the approver channel (APPROVER_ADMIN_AAD_IDS) unless the environment names admins", () => {
    const approvers = localApprovers(employee).map((user) => user.aadObjectId);
    assert.deepEqual(devConfig({}).env.APPROVER_ADMIN_AAD_IDS, approvers);
    assert.deepEqual(devConfig({ APPROVER_ADMIN_AAD_IDS: "aad-admin" }).env.APPROVER_ADMIN_AAD_IDS, ["aad-admin"]);
  });

  it("PLAYGROUND_PORT is validated like every setting", () => {
    assert.equal(devConfig({}).env.PLAYGROUND_PORT, 56150);
    assert.throws(() => devConfig({ PLAYGROUND_PORT: "70000" }), /PLAYGROUND_PORT="70000"/);
    assert.throws(() => devConfig({ PLAYGROUND_APPROVER_PORT: "next" }), /PLAYGROUND_APPROVER_PORT="next"/);
  });

  it("the start banner says whom to act as where, the port settings, and when a Playground had to take another port", () => {
    const config = devConfig({});
    const playground = (port: number, requestedPort: number, name: string) => ({
      url: `http://127.0.0.1:${port}`,
      port,
      requestedPort,
      user: { id: name, name, aadObjectId: name },
    });
    const playgrounds = {
      employee: playground(40123, 56150, "Aiko Tanaka"),
      approver: playground(56151, 56151, "Kenji Sato"),
      teamName: "Procurement",
      channelName: "Approvals",
    } as unknown as DevPlaygrounds;
    const banner = devBanner(config, "http://127.0.0.1:3978", playgrounds, {
      name: "imported",
      location: "directory .procura/data",
      importedAt: "2026-11-23T18:48:00.000Z",
      fiscalYearStartMonth: 4,
      counts: { spend: 1_000_000, suppliers: 500, contracts: 10_000, policies: 500, policySections: 5_000, benchmarks: 10 },
    });
    assert.match(
      banner,
      /Answers from the imported data set \(directory \.procura\/data, imported 2026-11-23 18:48 UTC\): 1,000,000 spend rows/,
    );
    assert.match(banner, /Ask as Aiko Tanaka \(employee\): +http:\/\/127\.0\.0\.1:40123 +\(PLAYGROUND_PORT=56150\)/);
    assert.match(
      banner,
      /Decide as Kenji Sato \(approver\), in Procurement › Approvals: +http:\/\/127\.0\.0\.1:56151 +\(PLAYGROUND_APPROVER_PORT=56151\)/,
    );
    assert.match(banner, /PLAYGROUND_PORT=56150 was in use: this Playground took 40123 instead \(set PLAYGROUND_PORT to a free port/);
    assert.doesNotMatch(banner, /PLAYGROUND_APPROVER_PORT=56151 was in use/);
  });

  it("refuses to start, naming PORT and the fix, when the bot's port is taken (before anything is opened or seeded)", async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, resolve));
    const port = (busy.address() as { port: number }).port;
    try {
      await assert.rejects(assertBotPortFree(devConfig({ PORT: String(port) })), {
        message: `PORT=${port} is in use (another npm run dev or npm start?): stop it, or set PORT to a free port.`,
      });
    } finally {
      await new Promise<void>((resolve) => busy.close(() => resolve()));
    }
    await assertBotPortFree(devConfig({ PORT: String(port) }));
  });
});
