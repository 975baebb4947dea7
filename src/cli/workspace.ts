import type { Context } from './context.js';

/** Runs `fn` with the user's workspace store (created on first use), closing it after. */
export async function withUserStore<T>(
  ctx: Context,
  fn: (store: import('../workspace/store.js').UserStore) => T | Promise<T>,
): Promise<T> {
  const { UserStore, userStorePath } = await import('../workspace/store.js');
  const store = UserStore.open(userStorePath(ctx.env));
  try {
    return await fn(store);
  } finally {
    store.close();
  }
}

/** Runs `fn` on the store opened read-only, or answers `none` when there is no store yet (reading never creates it). */
export async function readUserStore<T>(
  ctx: Context,
  fn: (store: import('../workspace/store.js').UserStore) => T,
  none: T,
): Promise<T> {
  const { UserStore, userStorePath } = await import('../workspace/store.js');
  const store = UserStore.openIfExists(userStorePath(ctx.env));
  if (!store) return none;
  try {
    return fn(store);
  } finally {
    store.close();
  }
}

/** The user's local calendar day now (TZ decides; BIBLE_NOW fixes the instant). */
export async function localToday(ctx: Context): Promise<string> {
  const { localDateOf, nowFrom } = await import('../workspace/local-date.js');
  return localDateOf(nowFrom(ctx.env));
}

/** Values of a repeatable option (`--tag a --tag b`). */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
