// Part of bench/hostile.mjs (npm run bench:hostile), which runs it after its other attacks.
// JSON-RPC batches of passage calls, each whole books in five translations, two requests at a
// time, while a second client asks for /healthz in a loop. Before the bounds, one batch of 20
// answered 520 MB and took the node to 3.9 GB; one of 25 was never answered. Targets: the slowest
// /healthz < 250 ms while they run; RSS after < 400 MB.
export const MCP_CASE = 'mcp fan-out: 8 batches of 25 passage calls (whole books, five translations), 2 at a time';

/** Runs `work` while /healthz is asked for in a loop: its result, and the slowest /healthz meanwhile. */
async function probingHealthz(send, work) {
  let done = false;
  const probes = [];
  const prober = (async () => {
    while (!done) {
      probes.push(await send('/healthz'));
      await new Promise((r) => setTimeout(r, 25));
    }
  })();
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  done = true;
  await prober;
  return { result, seconds, slowest: Math.max(...probes.map((p) => p.ms)), probes: probes.length };
}

/** Runs the case against the server at `url` with `key`; `send`, `rssMb` and `pool` are hostile.mjs's. */
export async function mcpFanOut({ url, key, send, rssMb, pool }) {
  const catalog = await (await fetch(`${url}/v1/data/catalog`, { headers: { 'X-API-Key': key } })).json();
  const bibles = catalog.data.bible.map((b) => b.id);
  const translations = Array.from({ length: 5 }, (_, i) => bibles[i % bibles.length]);
  const refs = 'Gen 1-50; Exod 1-40; Lev 1-27; Num 1-36; Deut 1-34';
  const batch = (calls) =>
    JSON.stringify(
      Array.from({ length: calls }, (_, i) => ({
        jsonrpc: '2.0',
        id: i + 1,
        method: 'tools/call',
        params: { name: 'passage', arguments: { refs, translations } },
      })),
    );
  const headers = {
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    'X-API-Key': key,
  };
  const post = async (body) => {
    const res = await fetch(`${url}/mcp`, { method: 'POST', headers, body });
    const text = await res.text();
    let ran = 0;
    let refused = 0;
    try {
      for (const a of JSON.parse(text)) a.result?.isError ? refused++ : ran++;
    } catch {}
    return { status: res.status, bytes: text.length, ran, refused };
  };
  const idle = [];
  for (let i = 0; i < 20; i++) idle.push((await send('/healthz')).ms);
  // The first call after start compiles the code and schemas of its path, once: measured apart.
  const first = await probingHealthz(send, () => post(batch(1)));
  const fan = await probingHealthz(send, () => pool(8, 2, () => post(batch(25))));
  const rss = rssMb();
  const answers = fan.result;
  const statuses = [...new Set(answers.map((a) => a.status))].join('/');
  console.log(`\n${MCP_CASE}`);
  console.log(
    `  first /mcp call after start (one passage call): ${(first.seconds * 1000).toFixed(0)} ms, ` +
      `/healthz meanwhile slowest ${first.slowest.toFixed(1)} ms`,
  );
  console.log(
    `  answer: ${statuses} ×${answers.length}; each ${answers[0]?.ran} calls run, ${answers[0]?.refused} refused; ` +
      `reply ${(Math.max(...answers.map((x) => x.bytes)) / 1024).toFixed(0)} KB at most; ${fan.seconds.toFixed(1)} s in all`,
  );
  console.log(
    `  /healthz meanwhile: slowest ${fan.slowest.toFixed(1)} ms of ${fan.probes} ` +
      `(idle, slowest of 20: ${Math.max(...idle).toFixed(1)} ms)   RSS after: ${rss.toFixed(0)} MB`,
  );
  console.log(
    `  targets: /healthz < 250 ms ${fan.slowest < 250 ? 'ok' : 'MISSED'}; RSS after < 400 MB ${rss < 400 ? 'ok' : 'MISSED'}`,
  );
}
