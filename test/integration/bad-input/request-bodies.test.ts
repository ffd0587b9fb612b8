/**
 * Hostile request bodies against the bot in its own process (as `npm start` runs it): a compressed
 * body that is not gzip, a truncated gzip, a gzip bomb, an oversized body. Each is refused with a
 * status and a reason, and the process keeps serving — without authentication and with an app id set
 * (the body is read before any token is checked, so both must hold).
 */
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { gzipSync } from "node:zlib";
import { MAX_REQUEST_BODY_BYTES } from "../../../src/teams/bot-server";
import { stopChild, tailOf, waitForOutput } from "../../fakes/child-process";
import { SAMPLE_DATA_DIR } from "../../fakes/test-config";

const ACTIVITY = '{"type":"message"}';

/** One hostile request: its body, its headers, the status and reason it must get. */
interface BodyCase {
  name: string;
  body: () => Buffer | ReadableStream<Uint8Array>;
  headers: Record<string, string>;
  status: number;
  reason: RegExp;
}

const CASES: BodyCase[] = [
  {
    name: "an 18-byte body that is not gzip, sent as gzip",
    body: () => Buffer.from(ACTIVITY),
    headers: { "content-encoding": "gzip" },
    status: 415,
    reason: /Content-Encoding gzip is not accepted/,
  },
  {
    name: "a truncated gzip body",
    body: () => gzipSync(Buffer.from(JSON.stringify({ type: "message", text: "x".repeat(2000) }))).subarray(0, 40),
    headers: { "content-encoding": "gzip" },
    status: 415,
    reason: /Content-Encoding gzip is not accepted/,
  },
  {
    name: "a gzip bomb (64 KB that unpacks to 64 MB)",
    body: () => gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20), { level: 9 }),
    headers: { "content-encoding": "gzip" },
    status: 415,
    reason: /Content-Encoding gzip is not accepted/,
  },
  {
    name: "deflate and brotli, and a list of encodings",
    body: () => Buffer.from(ACTIVITY),
    headers: { "content-encoding": "identity, br" },
    status: 415,
    reason: /Content-Encoding identity, br is not accepted/,
  },
  {
    name: "a declared length over the limit",
    body: () => Buffer.from(JSON.stringify({ type: "message", text: "x".repeat(MAX_REQUEST_BODY_BYTES) })),
    headers: {},
    status: 413,
    reason: /at most 1048576 are accepted/,
  },
  {
    name: "a chunked body (no declared length) over the limit",
    body: () => chunked(Buffer.alloc(MAX_REQUEST_BODY_BYTES + 64 * 1024, 0x20), 64 * 1024),
    headers: {},
    status: 413,
    reason: /exceeds 1048576/,
  },
];

const MODES: [string, Record<string, string>, number][] = [
  // What a well-formed but incomplete activity gets once its body is read: 400 without authentication, 401 with it.
  ["without authentication", {}, 400],
  [
    "with an app id set (authentication on)",
    { BOT_ID: "00000000-0000-0000-0000-000000000001", BOT_PASSWORD: "not-a-real-secret", BOT_TYPE: "MultiTenant" },
    401,
  ],
];

for (const [mode, env, plainStatus] of MODES)
  describe(`request bodies against the bot process, ${mode}`, function () {
    this.timeout(120_000);
    let bot: ChildProcess;
    let url: string;
    let output: () => string;

    before(async () => {
      bot = spawn(process.execPath, ["--require", "tsx/cjs", "src/index.ts"], {
        env: {
          ...process.env,
          PROCURA_DATA_DIR: SAMPLE_DATA_DIR,
          NODE_ENV: "test",
          LLM_PROVIDER: "offline",
          PORT: "0",
          HOST: "127.0.0.1",
          ...env,
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      output = tailOf(bot);
      url = await waitForOutput(bot, /Procura is listening on (\S+)\/api\/messages/);
    });
    after(() => stopChild(bot));

    for (const testCase of CASES)
      it(`refuses ${testCase.name} with ${testCase.status}, and keeps serving`, async () => {
        const response = await post(url, testCase.body(), testCase.headers);
        assert.equal(response.status, testCase.status, output());
        assert.match(String(((await response.json()) as { error?: string }).error), testCase.reason);
        await assertStillServing(bot, url, output);
      });

    it("reads a body declared as identity like an uncompressed one", async () => {
      const response = await post(url, Buffer.from(ACTIVITY), { "content-encoding": "Identity" });
      assert.equal(response.status, plainStatus, output());
      await assertStillServing(bot, url, output);
    });
  });

async function post(url: string, body: Buffer | ReadableStream<Uint8Array>, headers: Record<string, string>): Promise<Response> {
  return fetch(`${url}/api/messages`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
    // undici sends a streamed body only half-duplex.
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  });
}

/** The process is alive and its health endpoint answers. */
async function assertStillServing(bot: ChildProcess, url: string, output: () => string): Promise<void> {
  const health = await fetch(`${url}/healthz`);
  assert.equal(health.status, 200, output());
  assert.equal(((await health.json()) as { status: string }).status, "ok");
  assert.equal(bot.exitCode, null, `the bot process exited:\n${output()}`);
}

/** A body sent in chunks, so the request carries no Content-Length. */
function chunked(data: Buffer, size: number): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= data.length) {
        controller.close();
        return;
      }
      controller.enqueue(data.subarray(offset, offset + size));
      offset += size;
    },
  });
}
