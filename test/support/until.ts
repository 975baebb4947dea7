/**
 * Waits until `ready()` holds, polling every 20 ms: tests wait for an event (a request has
 * arrived), never for a fixed time that a loaded CI machine may overrun.
 */
export async function until(ready: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
