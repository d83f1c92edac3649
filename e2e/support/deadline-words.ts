const months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** A deadline as the desk words it, worked out here: HH:MM UTC (HH:MM:SS with `seconds`), after its day when that is not today (UTC). */
export function deadlineWords(at: Date, { seconds = false }: { seconds?: boolean } = {}): string {
  const clock = `${at.toISOString().slice(11, seconds ? 19 : 16)} UTC`;
  if (at.toISOString().slice(0, 10) === new Date().toISOString().slice(0, 10)) return clock;
  return `${at.getUTCDate()} ${months[at.getUTCMonth()]} ${at.getUTCFullYear()}, ${clock}`;
}

/** A voucher's deadline (unix seconds, as the bridge gives it) as the desk words it. */
export const voucherDeadlineWords = (deadline: string, options: { seconds?: boolean } = {}): string => deadlineWords(new Date(Number(deadline) * 1000), options);
