// Part of bench/hostile.mjs (npm run bench:hostile), which runs it after its other attacks.
// JSON-RPC batches of passage calls, each whole books in five translations, two requests at a
// time, while a second client asks for /healthz in a loop. Before the bounds, one batch of 20
// answered 520 MB and took the node to 3.9 GB; one of 25 was never answered. Targets: the slowest
// /healthz < 250 ms while they run; RSS after < 400 MB.
export const MCP_CASE = 'mcp fan-out: 8 batches of 25 passage calls (whole books, five translations), 2 at a time';

/** Runs the case against the server at `url` with `key`; `send`, `rssMb` and `pool` are hostile.mjs's. */
export async function mcpFanOut({ url, key, send, rssMb, pool }) {
  const bibles = JSON.parse(
    await (await fetch(`${url}/v1/data/catalog`, { headers: { 'X-API-Key': key } })).text(),
  ).data.bible.map((b) => b.id);
  const translations = Array.from({ length: 5 }, (_, i) => bibles[i % bibles.length]);
  const refs = 'Gen 1-50; Exod 1-40; Lev 1-27; Num 1-36; Deut 1-34';
  const body = JSON.stringify(
    Array.from({ length: 25 }, (_, i) => ({
      jsonrpc: '2.0',
      id: i + 1,
      method: 'tools/call',
      params: { name: 'passage', arguments: { refs, translations } },
    })),
  );
  const idleHealthz = [];
  for (let i = 0; i < 20; i++) idleHealthz.push((await send('/healthz')).ms);
  let done = false;
  const probes = [];
  const prober = (async () => {
    while (!done) {
      probes.push(await send('/healthz'));
      await new Promise((r) => setTimeout(r, 25));
    }
  })();
  const headers = {
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    'X-API-Key': key,
  };
  const started = performance.now();
  const answers = await pool(8, 2, async () => {
    const res = await fetch(`${url}/mcp`, { method: 'POST', headers, body });
    const text = await res.text();
    let ran = 0;
    let refused = 0;
    try {
      for (const a of JSON.parse(text)) a.result?.isError ? refused++ : ran++;
    } catch {}
    return { status: res.status, bytes: text.length, ran, refused };
  });
  const seconds = (performance.now() - started) / 1000;
  done = true;
  await prober;
  const healthzMax = Math.max(...probes.map((p) => p.ms));
  const rss = rssMb();
  const statuses = [...new Set(answers.map((a) => a.status))].join('/');
  const a = answers[0];
  console.log(`\n${MCP_CASE}`);
  console.log(
    `  answer: ${statuses} ×${answers.length}; each ${a?.ran} calls run, ${a?.refused} refused; ` +
      `reply ${(Math.max(...answers.map((x) => x.bytes)) / 1024).toFixed(0)} KB at most; ${seconds.toFixed(1)} s in all`,
  );
  console.log(
    `  /healthz meanwhile: slowest ${healthzMax.toFixed(1)} ms of ${probes.length} ` +
      `(idle, slowest of 20: ${Math.max(...idleHealthz).toFixed(1)} ms)   RSS after: ${rss.toFixed(0)} MB`,
  );
  console.log(
    `  targets: /healthz < 250 ms ${healthzMax < 250 ? 'ok' : 'MISSED'}; RSS after < 400 MB ${rss < 400 ? 'ok' : 'MISSED'}`,
  );
}
