/*
 * Two Agents Playgrounds on one bot, because a Playground acts as one fixed user. The approver's has chats of its own, so they never
 * overwrite the employee's stored conversation references.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse, stringify } from "yaml";
import { z } from "zod";
import type { StoredApproverChannel } from "../approvals/approver-channel";
import { describeZodError } from "../domain/errors";

const PLAYGROUND_CONFIG_FILE = path.resolve(__dirname, "..", "..", ".m365agentsplayground.yml");

const PlaygroundUserSchema = z.object({ id: z.string().min(1), name: z.string().min(1), aadObjectId: z.string().min(1) }).passthrough();
export type PlaygroundUser = z.infer<typeof PlaygroundUserSchema>;

const PlaygroundConfigSchema = z
  .object({
    tenantId: z.string().min(1),
    currentUser: PlaygroundUserSchema,
    users: z.array(PlaygroundUserSchema).length(5),
    personalChat: z.object({ id: z.string().min(1) }).passthrough(),
    groupChat: z.object({ id: z.string().min(1) }).passthrough(),
    team: z
      .object({ id: z.string().min(1), channels: z.array(z.object({ id: z.string().min(1), name: z.string() })).min(1) })
      .passthrough(),
  })
  .passthrough();
export type PlaygroundConfig = z.infer<typeof PlaygroundConfigSchema>;

export function readPlaygroundConfig(file: string = PLAYGROUND_CONFIG_FILE): PlaygroundConfig {
  const parsed = PlaygroundConfigSchema.safeParse(parse(readFileSync(file, "utf8")));
  if (!parsed.success) throw new Error(`${file}: ${describeZodError(parsed.error)}`);
  return parsed.data;
}

export function localApprovers(config: PlaygroundConfig): PlaygroundUser[] {
  return config.users.filter((user) => user.id.startsWith("user-approver-"));
}

export function approverPlaygroundConfig(employee: PlaygroundConfig): { config: PlaygroundConfig; approver: PlaygroundUser } {
  const approver = localApprovers(employee)[0];
  if (!approver) throw new Error(`${PLAYGROUND_CONFIG_FILE}: no user with an id starting with "user-approver-" to act as the approver`);
  return {
    approver,
    config: {
      ...employee,
      currentUser: approver,
      users: [employee.currentUser, ...employee.users.filter((user) => user.id !== approver.id)],
      personalChat: { ...employee.personalChat, id: `${employee.personalChat.id}-approver` },
      groupChat: { ...employee.groupChat, id: `${employee.groupChat.id}-approver` },
    },
  };
}

export function approvalsChannel(config: PlaygroundConfig): { id: string; name: string } {
  return config.team.channels.find((channel) => /approv/i.test(channel.name)) ?? config.team.channels[0];
}

export type RunningPlayground = Awaited<ReturnType<typeof startPlayground>>;

/** The Playground listens on every interface (no option) and shows an Approve button without sign-in: bind it to loopback. */
const LOOPBACK_ONLY = `data:text/javascript,${encodeURIComponent(String.raw`
import net from "node:net";
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  const [first] = args;
  if (typeof first === "object" && first !== null) {
    if (first.path === undefined && first.host === undefined) args[0] = { ...first, host: "127.0.0.1" };
  } else if (/^\d+$/.test(String(first)) && typeof args[1] !== "string") args.splice(1, 0, "127.0.0.1");
  return listen.apply(this, args);
};`)}`;

/** It takes another port silently when `port` is in use: `port` and `requestedPort` then differ. */
export async function startPlayground(botEndpoint: string, port: number, configFile: string = PLAYGROUND_CONFIG_FILE) {
  const cli = require.resolve("@microsoft/m365agentsplayground/cli.js");
  const args = ["--import", LOOPBACK_ONLY, cli, "-e", botEndpoint, "-c", "msteams", "--dt", "-p", String(port)];
  const env = { TEAMSAPPTESTER_BROWSER: "none", DEFAULT_CHANNEL_ID: "msteams", M365_AGENTS_PLAYGROUND_CONFIG_PATH: configFile };
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const listening = new Promise<number>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      const match = /Listening on (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.once("exit", (code) => reject(new Error(`the Playground exited (${code}) before listening:\n${output.slice(-2000)}`)));
  });
  const actual = await listening;
  return { url: `http://127.0.0.1:${actual}`, port: actual, requestedPort: port, child };
}

export type DevPlaygrounds = Awaited<ReturnType<typeof startDevPlaygrounds>>;

export async function startDevPlaygrounds(botEndpoint: string, ports: { employee: number; approver: number }, now: Date = new Date()) {
  const employeeConfig = readPlaygroundConfig();
  const { config, approver } = approverPlaygroundConfig(employeeConfig);
  const approverConfigFile = path.join(mkdtempSync(path.join(tmpdir(), "procura-approver-playground-")), ".m365agentsplayground.yml");
  writeFileSync(approverConfigFile, stringify(config));
  const started: RunningPlayground[] = [];
  const stop = () => Promise.all(started.map((playground) => stopChild(playground.child))).then(() => undefined);
  try {
    const employee = await startPlayground(botEndpoint, ports.employee);
    started.push(employee);
    const approverPlayground = await startPlayground(botEndpoint, ports.approver, approverConfigFile);
    started.push(approverPlayground);
    const channel = approvalsChannel(config);
    return {
      employee: { ...employee, user: employeeConfig.currentUser },
      approver: { ...approverPlayground, user: approver },
      approverChannel: {
        teamId: config.team.id,
        channelId: channel.id,
        // Where the approver's Playground receives the bot's posts (what `approvers here` typed there would store).
        serviceUrl: `http://localhost:${approverPlayground.port}/_connector`,
        tenantId: config.tenantId,
        setByAadObjectId: "npm-run-dev",
        setAt: now.toISOString(),
      } satisfies StoredApproverChannel,
      teamName: typeof config.team.name === "string" ? config.team.name : config.team.id,
      channelName: channel.name,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}
