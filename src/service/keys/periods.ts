/**
 * The usage periods quotas count in: the UTC day (data and chat) and the UTC month (chat), and
 * when each resets. Shared by both state stores.
 */

/** What a usage counter counts. */
export type UsageKind = 'data' | 'chat-daily' | 'chat-monthly';

let periodCache: { dayNumber: number; value: ReturnType<typeof computePeriods> } | undefined;

/** Today's and this month's UTC periods, and when each resets (worked out once a day). */
export function periods(now = new Date()) {
  const dayNumber = Math.floor(now.getTime() / 86_400_000);
  if (periodCache?.dayNumber !== dayNumber) periodCache = { dayNumber, value: computePeriods(now) };
  return periodCache.value;
}

function computePeriods(now: Date) {
  const day = now.toISOString().slice(0, 10);
  const month = day.slice(0, 7);
  const nextDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { day, month, dailyReset: nextDay.toISOString(), monthlyReset: nextMonth.toISOString() };
}
